/**
 * The reactions' words (issue 33): each emoji of the set has a name in both languages, for the chips'
 * accessible names and as their text where the system has no emoji font (a chip read "▯ 1" there).
 */
import type { Emoji } from '@negayno/shared/contract';

/** The i18n key (chat:emojiName.*) of each emoji of the set. */
export const EMOJI_KEYS: Record<Emoji, string> = {
  '👍': 'thumbsUp',
  '🔥': 'fire',
  '❤️': 'heart',
  '👎': 'thumbsDown',
  '😀': 'grin',
  '🤔': 'thinking',
  '👏': 'clap',
  '😅': 'sweatSmile',
};

export function emojiKey(emoji: string): string | null {
  return (EMOJI_KEYS as Record<string, string>)[emoji] ?? null;
}

let drawable: boolean | null = null;

/**
 * Can this system draw a colour emoji? A canvas draws 👍: with no emoji font it comes out as a box in
 * one colour, or nothing. Asked once per page; a browser without a canvas (tests) is taken as able.
 */
export function emojiDrawable(): boolean {
  if (drawable !== null) return drawable;
  drawable = true;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 24;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return drawable;
    context.textBaseline = 'top';
    context.font = '20px sans-serif';
    context.fillStyle = '#000';
    context.fillText('👍', 0, 0);
    const pixels = context.getImageData(0, 0, 24, 24).data;
    // A colour glyph has pixels that are neither transparent nor grey.
    let coloured = false;
    for (let index = 0; index < pixels.length && !coloured; index += 4) {
      const [red, green, blue, alpha] = [pixels[index]!, pixels[index + 1]!, pixels[index + 2]!, pixels[index + 3]!];
      coloured = alpha > 0 && (Math.abs(red - green) > 24 || Math.abs(green - blue) > 24 || Math.abs(red - blue) > 24);
    }
    drawable = coloured;
  } catch {
    drawable = true;
  }
  return drawable;
}

/** For tests: forget what was found. */
export function resetEmojiDrawable(value: boolean | null = null): void {
  drawable = value;
}
