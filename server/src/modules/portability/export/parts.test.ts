/** The export's pure pieces (issue 37): the offline page's descriptions, the CSV's fields, the archive's file names. */
import { safeName } from './archive.js';
import { safeDescription } from './html.js';
import { csvRow } from './presenters.js';

describe("the export's pieces", () => {
  it('keeps a description of plain tags as stored and sanitises anything else', () => {
    expect(safeDescription('<p>Новий <b>кошик</b><br></p><ul><li>a &lt; b</li></ul>')).toBe('<p>Новий <b>кошик</b><br></p><ul><li>a &lt; b</li></ul>');
    expect(safeDescription('<p onclick="alert(1)">x</p><img src=x onerror=alert(1)><script>alert(2)</script>')).not.toMatch(
      /onclick|onerror|<script|alert\(2\)/,
    );
    expect(safeDescription('<p/onmouseover=alert(1)>x</p>')).not.toContain('onmouseover');
    expect(safeDescription('a <scr<script>ipt>')).not.toContain('<script');
  });

  it('quotes CSV fields that need it and defuses spreadsheet formulas, never the amounts', () => {
    const row = csvRow({
      id: 1,
      paymentType: 'deposit',
      status: 'completed',
      amount: -1250,
      currency: 'UAH',
      taskId: null,
      taskNumber: null,
      senderId: 2,
      recipientId: null,
      documentName: '=HYPERLINK("x")',
      settlementNote: 'one, "two"\nthree',
      createdAt: '2026-11-28T10:00:00.000Z',
      updatedAt: '2026-11-28T10:00:00.000Z',
    });
    expect(row).toBe(`1,2026-11-28T10:00:00.000Z,deposit,completed,-12.50,UAH,,2,,"'=HYPERLINK(""x"")","one, ""two""\nthree"\n`);
  });

  it('makes a file name one safe path segment', () => {
    expect(safeName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeName('a\u0000b\\c:d.pdf')).toBe('a_b_c_d.pdf');
    expect(safeName('...')).toBe('file');
    expect(safeName('Звіт.pdf')).toBe('Звіт.pdf');
  });
});
