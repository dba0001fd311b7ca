/** Avatar and author-name colours; a user keeps the one picked at sign-up. */
const PALETTE = ['#0F6CBD', '#8764B8', '#C239B3', '#DA3B01', '#498205', '#038387', '#CA5010', '#4F6BED', '#B4009E', '#107C10'] as const;

export function colorFor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}
