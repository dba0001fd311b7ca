import { sanitizeDescription } from './sanitize.js';

/** Inputs that must come out without anything that runs: each line is a known way in. */
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<p onclick="alert(1)">x</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt&colon;alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name=a><button>go</button></form>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="width:expression(alert(1))">x</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<details open ontoggle=alert(1)>',
  '<p data-x="1" aria-label="x" id="a" name="b">x</p>',
];

const DANGER =
  /<script|<iframe|<object|<embed|<form|<style|<meta|<base|<math|<foreignobject|\son\w+\s*=|javascript:|vbscript:|data:text|svg\+xml|expression\(|url\(/i;

describe('the server sanitiser of descriptions (spec 5)', () => {
  it.each(XSS_CORPUS)('leaves nothing that runs from %s', (input) => {
    const clean = sanitizeDescription(input);
    expect(clean).not.toMatch(DANGER);
    // Sanitising is stable: what it stores comes back unchanged when cleaned again (no mutation XSS).
    expect(sanitizeDescription(clean)).toBe(clean);
  });

  it('keeps the editor formatting and the allowed links, images and colours', () => {
    const html =
      '<h1>T</h1><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <span style="color: rgb(230, 0, 0);">c</span></p>' +
      '<ol><li data-list="bullet">one</li><li data-list="ordered" class="ql-indent-2">two</li></ol>' +
      '<blockquote>q</blockquote><pre>code</pre><p><a href="https://a.example/x" target="_blank" rel="noopener noreferrer">l</a></p>' +
      '<p><img src="data:image/png;base64,AAAA"><img src="https://a.example/i.jpg"></p>';
    expect(sanitizeDescription(html)).toBe(html);
  });

  it('keeps mailto, tel and relative links and drops the rest', () => {
    for (const href of ['mailto:a@b.example', 'tel:+380501234567', '/task/1', 'https://x.example']) {
      expect(sanitizeDescription(`<p><a href="${href}">x</a></p>`)).toBe(`<p><a href="${href}">x</a></p>`);
    }
    expect(sanitizeDescription('<p><a href="ftp://x.example">x</a></p>')).toBe('<p><a>x</a></p>');
  });

  it('accepts only png and jpeg data images, and only on img', () => {
    expect(sanitizeDescription('<p><img src="data:image/gif;base64,AAAA"></p>')).toBe('<p><img></p>');
    expect(sanitizeDescription('<p><span src="https://a.example/i.png">x</span></p>')).toBe('<p><span>x</span></p>');
  });

  it('stores the empty editor as an empty text', () => {
    expect(sanitizeDescription('<p><br></p>')).toBe('');
    expect(sanitizeDescription('<p> &nbsp; </p><script>x</script>')).toBe('');
  });
});
