import { loadLocaleNamespace } from './locale-chunks';
import { NAMESPACES } from '@negayno/shared/contract';
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

describe('translations loaded per language and namespace', () => {
  it('lists every namespace of the bundle', () => {
    expect([...NAMESPACES].sort()).toEqual(Object.keys(resources.uk).sort());
  });

  it('loads each namespace of each language as the bundle has it', async () => {
    for (const language of ['uk', 'en'] as const) {
      for (const namespace of NAMESPACES) {
        await expect(loadLocaleNamespace(language, namespace)).resolves.toEqual(resources[language][namespace]);
      }
    }
  });

  it('refuses a language or a namespace it does not have, own properties only', async () => {
    await expect(loadLocaleNamespace('de', 'common')).rejects.toThrow('no translations for language de');
    await expect(loadLocaleNamespace('uk', 'toString')).rejects.toThrow('no translation namespace toString');
    await expect(loadLocaleNamespace('__proto__', 'common')).rejects.toThrow();
  });
});
