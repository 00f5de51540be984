import { describe, expect, test } from 'vitest';
import { renderMarkdown } from '../../src/lib/markdown.ts';
import { mediaPaths } from '../../src/lib/media-paths.ts';

describe('renderMarkdown', () => {
  test('renders headings, emphasis, lists and links', () => {
    const html = renderMarkdown('## Books\n\nChildren read **every day**.\n\n- one\n- two\n\n[Blog](/blog/)');
    expect(html).toContain('<h2>Books</h2>');
    expect(html).toContain('<strong>every day</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="/blog/">Blog</a>');
  });

  test('drops raw HTML, scripts and inline handlers', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n<p onclick="alert(3)">hi</p>\n\n<iframe src="https://evil.example"></iframe>',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|<iframe|alert/);
  });

  test('removes javascript: links but keeps their text', () => {
    const html = renderMarkdown('[click](javascript:alert(1)) and [data](data:text/html,<b>x</b>)');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:');
    expect(html).toContain('click');
  });

  test('keeps images from the site’s own media only', () => {
    const html = renderMarkdown(
      '![Books](/media/12/books.jpg) ![Elsewhere](https://evil.example/x.png) ![Up](../x.png)',
    );
    expect(html).toContain('<img src="/media/12/books.jpg" alt="Books" loading="lazy" decoding="async">');
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('../x.png');
  });

  test('adds rel="noopener noreferrer" to links that leave the site, not to site links', () => {
    const html = renderMarkdown('[Partner](https://example.org) [Home](/)');
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer">Partner</a>');
    expect(html).toContain('<a href="/">Home</a>');
  });
});

describe('mediaPaths', () => {
  test('finds each uploaded file a text mentions once', () => {
    expect(mediaPaths('![a](/media/1/a.png) ![b](/media/2/b.jpg) ![a](/media/1/a.png) /elsewhere/3/c.png')).toEqual([
      '/media/1/a.png',
      '/media/2/b.jpg',
    ]);
  });
});
