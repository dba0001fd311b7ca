/**
 * The stored words like a typed word (repo.ts `similarWords`), kept in the process for a short while: the
 * same few typed words come back all day (the palette asks at every keystroke, people retype the same
 * misspelling), and the trigram lookup is the dearest statement of a short search. Only the list of
 * words is kept, never what a search found: the groups are asked every time, through the viewer's scope.
 *
 * Why an entry may be a little old (docs/decisions.md, "Search"): the list of a word changes only when a
 * text brings a word nobody wrote before (search_words only grows; a deleted text's words stay), so an
 * entry at most TTL old misses only words first written in the last TTL, and only as typo alternatives:
 * the typed words themselves are matched against the live texts, as are the alternatives it does name.
 */
export const SIMILAR_WORDS_TTL_MS = 30_000;
/** Distinct typed words kept at most (the oldest go first): a few hundred KB at worst. */
export const SIMILAR_WORDS_KEPT = 5_000;

interface Entry {
  words: Promise<string[]>;
  /** The words once they are known. */
  list?: string[];
  until: number;
}

export class SimilarWordsCache<Db> {
  private readonly entries = new Map<string, Entry>();

  constructor(
    /** The stored words like one typed word, the closest first (an empty list: none), asked on `db`. */
    private readonly lookUp: (db: Db, typed: string) => Promise<string[]>,
    private readonly ttlMs = SIMILAR_WORDS_TTL_MS,
    private readonly kept = SIMILAR_WORDS_KEPT,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Each typed word's similar stored words (a word with none is left out), asked on `db` for the words not
   * kept. The caller keeps `db` (a transaction) open until the answer is in: another search may wait for it.
   */
  async of(db: Db, typed: readonly string[]): Promise<Map<string, string[]>> {
    const lists = await Promise.all(typed.map((word) => this.entryOf(db, word)));
    const similar = new Map<string, string[]>();
    typed.forEach((word, i) => {
      if (lists[i]!.length > 0) similar.set(word, lists[i]!);
    });
    return similar;
  }

  /** The kept lists of all the typed words, or null when one of them is not kept (or still being asked). */
  known(typed: readonly string[]): Map<string, string[]> | null {
    const similar = new Map<string, string[]>();
    const at = this.now();
    for (const word of typed) {
      const entry = this.entries.get(word);
      if (!entry?.list || entry.until <= at) return null;
      if (entry.list.length > 0) similar.set(word, entry.list);
    }
    return similar;
  }

  private entryOf(db: Db, word: string): Promise<string[]> {
    const at = this.now();
    const kept = this.entries.get(word);
    if (kept && kept.until > at) return kept.words;
    if (kept) this.entries.delete(word);
    const entry: Entry = { words: this.lookUp(db, word), until: at + this.ttlMs };
    this.entries.set(word, entry);
    entry.words.then(
      (list) => {
        entry.list = list;
      },
      // A failed lookup is not kept: the next search asks again.
      () => {
        if (this.entries.get(word) === entry) this.entries.delete(word);
      },
    );
    while (this.entries.size > this.kept) this.entries.delete(this.entries.keys().next().value!);
    return entry.words;
  }
}
