import { descriptionToHtml, messageToHtml } from './linkify';

function anchors(text: string): Array<{ href: string | null; text: string | null; target: string | null }> {
  const host = document.createElement('div');
  host.innerHTML = messageToHtml(text);
  return [...host.querySelectorAll('a')].map((a) => ({ href: a.getAttribute('href'), text: a.textContent, target: a.getAttribute('target') }));
}

describe('messageToHtml', () => {
  it('opens http and https links in a new tab', () => {
    expect(anchors('see https://example.com/a?b=1 and http://x.org')).toEqual([
      { href: 'https://example.com/a?b=1', text: 'https://example.com/a?b=1', target: '_blank' },
      { href: 'http://x.org', text: 'http://x.org', target: '_blank' },
    ]);
  });

  it('opens a fuzzy host as http', () => {
    expect(anchors('go to example.com now')).toEqual([{ href: 'http://example.com', text: 'example.com', target: '_blank' }]);
  });

  it('points ftp, mailto and email links at #', () => {
    expect(anchors('ftp://files.example.com mailto:a@b.com c@d.org').map((a) => a.href)).toEqual(['#', '#', '#']);
  });

  it('turns 10 to 15 digit numbers into tel links, and no other numbers', () => {
    expect(anchors('call +380501234567 or 0501234567, not 123456789 nor 1234567890123456')).toEqual([
      { href: 'tel:+380501234567', text: '+380501234567', target: null },
      { href: 'tel:0501234567', text: '0501234567', target: null },
    ]);
  });

  it('shows markup as text and never runs it', () => {
    const html = messageToHtml('<img src=x onerror=alert(1)><script>alert(2)</script> & "q"');
    const host = document.createElement('div');
    host.innerHTML = html;
    expect(host.querySelector('img, script')).toBeNull();
    expect(host.textContent).toBe('<img src=x onerror=alert(1)><script>alert(2)</script> & "q"');
  });

  it('does not let a javascript: link through', () => {
    expect(anchors('javascript:alert(1)').every((a) => a.href === '#' || a.href === null)).toBe(true);
    expect(messageToHtml('javascript:alert(1)')).not.toContain('href="javascript');
  });
});

describe('descriptionToHtml (issue 33)', () => {
  const links = (html: string) => {
    const host = document.createElement('div');
    host.innerHTML = descriptionToHtml(html);
    return {
      host,
      anchors: [...host.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent, a.getAttribute('target'), a.getAttribute('rel')]),
    };
  };

  it('links typed addresses in a new tab without the opener, keeping the markup around them', () => {
    const { host, anchors } = links('<p>Макет: <strong>https://figma.com/file/abc?x=1</strong> і example.org.</p><p>Дякую</p>');
    expect(anchors).toEqual([
      ['https://figma.com/file/abc?x=1', 'https://figma.com/file/abc?x=1', '_blank', 'noopener noreferrer'],
      ['http://example.org', 'example.org', '_blank', 'noopener noreferrer'],
    ]);
    expect(host.querySelector('strong a')).not.toBeNull();
    expect(host.querySelectorAll('p')).toHaveLength(2);
    expect(host.textContent).toBe('Макет: https://figma.com/file/abc?x=1 і example.org.Дякую');
  });

  it('leaves links alone, makes existing http links open a new tab, and lets no markup in', () => {
    const { anchors } = links(
      '<p><a href="https://a.com">docs at https://b.com</a> <a href="javascript:alert(1)">x</a> &lt;img src=x onerror=1&gt; mail a@b.com</p>',
    );
    expect(anchors).toEqual([
      ['https://a.com', 'docs at https://b.com', '_blank', 'noopener noreferrer'],
      [null, 'x', null, null],
    ]);
    expect(links('<p>&lt;script&gt;https://c.com&lt;/script&gt;</p>').host.querySelector('script')).toBeNull();
  });
});
