import { SimilarWordsCache } from './similar-words.js';

describe('the similar words kept for a short while (issue 38)', () => {
  const setUp = (ttlMs = 1000, kept = 100) => {
    let now = 0;
    const asked: string[] = [];
    let stored: Record<string, string[]> = { оплта: ['оплата', 'оплати'], кешуваня: ['кешування'] };
    let failing = false;
    const cache = new SimilarWordsCache<string>(
      (db, typed) => {
        asked.push(`${db}:${typed}`);
        return failing ? Promise.reject(new Error('connection lost')) : Promise.resolve(stored[typed] ?? []);
      },
      ttlMs,
      kept,
      () => now,
    );
    return {
      cache,
      asked,
      later: (ms: number) => (now += ms),
      store: (words: Record<string, string[]>) => (stored = { ...stored, ...words }),
      fail: (on: boolean) => (failing = on),
    };
  };

  it('asks each typed word once while it is kept, and again once it is older than the TTL', async () => {
    const { cache, asked, later, store } = setUp();
    expect(cache.known(['оплта'])).toBeNull();
    expect(await cache.of('db', ['оплта', 'фрма'])).toEqual(new Map([['оплта', ['оплата', 'оплати']]]));
    expect(cache.known(['оплта', 'фрма'])).toEqual(new Map([['оплта', ['оплата', 'оплати']]]));
    later(999);
    // A word written since (a new text) is not among the alternatives yet...
    store({ фрма: ['форма'] });
    expect(await cache.of('db', ['оплта', 'фрма'])).toEqual(new Map([['оплта', ['оплата', 'оплати']]]));
    expect(asked).toEqual(['db:оплта', 'db:фрма']);
    // ...and is once the entry is older than the TTL.
    later(1);
    expect(cache.known(['фрма'])).toBeNull();
    expect(await cache.of('db', ['фрма'])).toEqual(new Map([['фрма', ['форма']]]));
    expect(asked).toEqual(['db:оплта', 'db:фрма', 'db:фрма']);
  });

  it('asks a word being asked only once, and does not keep a failed lookup', async () => {
    const { cache, asked, fail } = setUp();
    fail(true);
    await expect(Promise.all([cache.of('a', ['оплта']), cache.of('b', ['оплта'])])).rejects.toThrow('connection lost');
    expect(asked).toEqual(['a:оплта']);
    fail(false);
    expect(await cache.of('c', ['оплта'])).toEqual(new Map([['оплта', ['оплата', 'оплати']]]));
    expect(asked).toEqual(['a:оплта', 'c:оплта']);
  });

  it('keeps at most so many words, the oldest leaving first', async () => {
    const { cache, asked } = setUp(1000, 2);
    await cache.of('db', ['оплта', 'кешуваня', 'фрма']);
    await cache.of('db', ['кешуваня', 'фрма', 'оплта']);
    expect(asked).toEqual(['db:оплта', 'db:кешуваня', 'db:фрма', 'db:оплта']);
  });
});
