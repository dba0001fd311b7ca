import { isEmptyHtml, sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps the allowed formatting', () => {
    const html = '<h2>Title</h2><p><strong>bold</strong> <em>it</em> <u>u</u></p><ul><li>one</li></ul><blockquote>q</blockquote><pre><code>x</code></pre>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts, event handlers and tags outside the list', () => {
    const clean = sanitizeHtml(
      '<p onclick="x()">a</p><script>alert(1)</script><iframe src="https://e.com"></iframe><img src="https://e.com/a.png" onerror="x()">',
    );
    expect(clean).toBe('<p>a</p><img src="https://e.com/a.png">');
  });

  it('allows only http, https, mailto, tel and relative links', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="data:text/html,x">x</a>')).toBe('<a>x</a>');
    for (const href of ['https://a.b/c', 'http://a.b', 'mailto:a@b.c', 'tel:+380501234567', '/task/1', '#top']) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe(`<a href="${href}">x</a>`);
    }
  });

  it('accepts http, https and data images only on img', () => {
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe('<img src="data:image/png;base64,AAAA">');
    expect(sanitizeHtml('<img src="javascript:x">')).toBe('<img>');
    expect(sanitizeHtml('<img src="data:image/svg+xml;base64,AAAA">')).toBe('<img>');
  });

  it('adds rel=noopener to links that open a new tab', () => {
    expect(sanitizeHtml('<a href="https://a.b" target="_blank">x</a>')).toBe('<a href="https://a.b" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('keeps only the editor indent classes', () => {
    expect(sanitizeHtml('<p class="ql-indent-2 evil">x</p>')).toBe('<p class="ql-indent-2">x</p>');
    expect(sanitizeHtml('<p class="ql-indent-9">x</p>')).toBe('<p>x</p>');
  });
});

describe('isEmptyHtml', () => {
  it('counts the editor empty paragraph and whitespace as empty', () => {
    expect(isEmptyHtml('<p><br></p>')).toBe(true);
    expect(isEmptyHtml('  <p> &nbsp; </p> ')).toBe(true);
    expect(isEmptyHtml('<p>x</p>')).toBe(false);
    expect(isEmptyHtml('<p><img src="https://a/b.png"></p>')).toBe(false);
  });
});
