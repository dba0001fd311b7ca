import { resources } from './resources';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it('has the same keys in uk and en for every namespace, none empty', () => {
    for (const namespace of Object.keys(resources.uk) as Array<keyof typeof resources.uk>) {
      expect(keysOf(resources.en[namespace]).sort()).toEqual(keysOf(resources.uk[namespace]).sort());
      for (const language of ['uk', 'en'] as const) {
        const flat = keysOf(resources[language][namespace]);
        expect(flat.length).toBeGreaterThan(0);
      }
    }
  });
});
