/**
 * Nickname suggestions for a performer (spec 2: "a nickname chosen from a list of suggestions returned
 * by the server"): Latin forms of the name (Ukrainian national transliteration of 2010), checked free.
 */
import { LENGTH } from '@negayno/shared/contract';
import { randomInt } from 'node:crypto';
import type { Db } from '../../db/connection.js';
import { takenNicknames } from '../users/index.js';

export const NICKNAME_SUGGESTIONS = 4;

const LETTERS: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ь: '',
  ю: 'iu',
  я: 'ia',
  ы: 'y',
  э: 'e',
  ё: 'io',
  ъ: '',
};
/** At the start of a word these letters are written differently (Євген → Yevhen, Юлія → Yuliia). */
const INITIAL: Record<string, string> = { є: 'ye', ї: 'yi', й: 'y', ю: 'yu', я: 'ya' };

const APOSTROPHES = "'’ʼ`";

export function transliterate(text: string): string {
  const lower = text.toLowerCase().normalize('NFC');
  let out = '';
  for (let i = 0; i < lower.length; i += 1) {
    const char = lower[i]!;
    const previous = i > 0 ? lower[i - 1]! : '';
    if (char === 'г' && previous === 'з') {
      // зг is written zgh so it is not read as the digraph zh (Згурський → Zghurskyi).
      out += 'gh';
      continue;
    }
    // The apostrophe is not written and does not start a word (Мар’яна → mariana).
    if (APOSTROPHES.includes(char)) continue;
    const atWordStart = previous === '' || (!/\p{L}/u.test(previous) && !APOSTROPHES.includes(previous));
    out += (atWordStart ? INITIAL[char] : undefined) ?? LETTERS[char] ?? char;
  }
  return out;
}

/** The name as nickname material: Latin letters and digits only. */
function part(name: string): string {
  return transliterate(name)
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '');
}

const VALID = /^[a-z0-9](?:[a-z0-9._]*[a-z0-9])?$/;

function isUsable(nickname: string): boolean {
  return nickname.length >= 3 && nickname.length <= LENGTH.nickname && VALID.test(nickname);
}

/** Plain forms of the name, most natural first, and a stem for numbered ones. */
function candidates(firstname: string, lastname: string): { plain: string[]; stem: string } {
  const first = part(firstname);
  const last = part(lastname);
  const both = first && last ? [`${first}.${last}`, `${first}_${last}`, `${first[0]}.${last}`, `${last}.${first}`, `${first}${last}`] : [];
  const plain = [...new Set([...both, first, last])].filter(isUsable);
  return { plain, stem: (plain[0] ?? 'performer').slice(0, LENGTH.nickname - 4) };
}

/** NICKNAME_SUGGESTIONS free nicknames, the plainest first; numbered ones fill the list up. */
export async function suggestNicknames(db: Db, firstname: string, lastname: string): Promise<string[]> {
  const { plain, stem } = candidates(firstname, lastname);
  const taken = await takenNicknames(db, plain);
  const free = plain.filter((nickname) => !taken.has(nickname)).slice(0, NICKNAME_SUGGESTIONS);
  while (free.length < NICKNAME_SUGGESTIONS) {
    const numbered = `${stem}${randomInt(10, 10_000)}`;
    if (!free.includes(numbered) && (await isNicknameFree(db, numbered))) free.push(numbered);
  }
  return free;
}

export async function isNicknameFree(db: Db, nickname: string): Promise<boolean> {
  return !(await takenNicknames(db, [nickname])).has(nickname.toLowerCase());
}
