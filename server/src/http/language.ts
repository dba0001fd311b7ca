import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@negayno/shared/contract';
import type { FastifyRequest } from 'fastify';

/** The best supported language of an Accept-Language header (`en-GB,en;q=0.9,uk;q=0.8` → en), else uk. */
export function languageOf(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', quality: q ? Number(q[1]) : 1, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const match = ranked.find((entry) => (LANGUAGES as readonly string[]).includes(entry.base));
  return match ? (match.base as Language) : DEFAULT_LANGUAGE;
}
