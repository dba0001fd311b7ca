import { readCookie } from './cookies';

describe('reading a cookie of the page', () => {
  it('finds a cookie by its whole name, decoded, and nothing for a name that only starts or ends the same', () => {
    const cookies = 'negayno_lang=en; x_negayno_signed_in=1; negayno_signed_in_not=2; note=a%20b%3Bc';
    expect(readCookie('negayno_lang', cookies)).toBe('en');
    expect(readCookie('note', cookies)).toBe('a b;c');
    expect(readCookie('negayno_signed_in', cookies)).toBeNull();
    expect(readCookie('negayno_lang', '')).toBeNull();
    expect(readCookie('odd', 'odd=100%')).toBe('100%');
  });
});
