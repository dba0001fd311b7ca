import { formatFileSize, formatMoney, toDate } from './format';

describe('formatters', () => {
  it('shows money in whole units with the currency, no decimals', () => {
    expect(formatMoney(1_234_567, 'UAH', 'uk').replace(/\s/g, ' ')).toBe('12 346 грн');
    expect(formatMoney(999_900, 'USD', 'en')).toBe('$9,999');
  });

  it('reads timestamps below 1e12 as seconds', () => {
    expect(toDate(1_700_000_000).getTime()).toBe(1_700_000_000_000);
    expect(toDate(1_700_000_000_000).getTime()).toBe(1_700_000_000_000);
  });

  it('shows file sizes in B, KB, MB and GB with one decimal', () => {
    expect(formatFileSize(500)).toBe('500 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3.3 GB');
  });
});
