import { describe, expect, test } from 'vitest';
import { formatMeta, parseMeta } from '../../src/admin/lib/meta.ts';
import { slugify } from '../../src/admin/lib/slug.ts';
import { groupIssues, readIssues } from '../../src/admin/lib/issues.ts';
import { SLUG_PATTERN } from '../../src/schemas/admin.ts';
import { CONTENT } from '../../src/admin/content.tsx';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

describe('parseMeta', () => {
  test('keeps a JSON object', () => {
    expect(parseMeta('{"alt": "Children reading"}')).toEqual({ meta: { alt: 'Children reading' }, valid: true });
  });

  test('treats blank as an empty object', () => {
    expect(parseMeta('  ')).toEqual({ meta: {}, valid: true });
  });

  test('saves invalid JSON, arrays and plain values as an empty object and says so', () => {
    expect(parseMeta('{alt: nope}')).toEqual({ meta: {}, valid: false });
    expect(parseMeta('[1, 2]')).toEqual({ meta: {}, valid: false });
    expect(parseMeta('"text"')).toEqual({ meta: {}, valid: false });
    expect(parseMeta('null')).toEqual({ meta: {}, valid: false });
  });

  test('shows stored meta as pretty JSON, or blank when empty', () => {
    expect(formatMeta({ alt: 'A' })).toBe('{\n  "alt": "A"\n}');
    expect(formatMeta({})).toBe('');
    expect(formatMeta(null)).toBe('');
  });
});

describe('slugify', () => {
  test('suggests a slug the shared schema accepts', () => {
    for (const title of ['Back to School 2025!', '  Élan — Vital  ', 'Mama & Baby Care', '---', 'a'.repeat(200)]) {
      const slug = slugify(title);
      expect(slug === '' || SLUG_PATTERN.test(slug), `${title} → ${slug}`).toBe(true);
    }
    expect(slugify('Back to School 2025!')).toBe('back-to-school-2025');
    expect(slugify('  Élan — Vital  ')).toBe('elan-vital');
  });
});

describe('issues', () => {
  test('reads issues with string or array paths', () => {
    expect(
      readIssues({
        error: 'x',
        issues: [{ path: 'slug', message: 'Taken' }, { path: ['meta', 'alt'], message: 'Bad' }, { path: 'title' }],
      }),
    ).toEqual([
      { path: 'slug', message: 'Taken' },
      { path: 'meta.alt', message: 'Bad' },
      { path: 'title', message: 'Invalid value' },
    ]);
    expect(readIssues({ error: 'x' })).toEqual([]);
  });

  test('puts each issue by its field and keeps the rest for the form', () => {
    const grouped = groupIssues(
      [
        { path: 'slug', message: 'A program with this slug already exists' },
        { path: 'slug', message: 'second' },
        { path: 'meta.alt', message: 'Too long' },
        { path: 'unknown', message: 'Odd' },
        { path: '', message: 'Whole body' },
      ],
      ['title', 'slug', 'meta'],
    );
    expect(grouped.byField).toEqual({ slug: 'A program with this slug already exists', meta: 'Too long' });
    expect(grouped.other).toEqual(['unknown: Odd', 'Whole body']);
  });
});

describe('content form checks (shared schemas)', () => {
  test('sends a program body of the program fields only, trimmed, defaults filled in', () => {
    const checked = CONTENT.programs.check({
      title: ' Reading Club ',
      slug: 'reading-club',
      summary: '',
      content: 'Weekly.',
      image: '',
      extra: 'x',
    });
    expect(checked).toEqual({
      ok: true,
      body: {
        title: 'Reading Club',
        slug: 'reading-club',
        summary: '',
        content: 'Weekly.',
        image: '',
        alt: '',
        position: 0,
        date: '',
        status: 'draft',
      },
    });
  });

  test('reports a missing title and a bad slug by field', () => {
    const checked = CONTENT.blog.check({ title: '', slug: 'Bad Slug', excerpt: '', content: '', cover: '' });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.issues.map((issue) => issue.path).sort()).toEqual(['slug', 'title']);
  });

  test('saves invalid media meta as an empty object', () => {
    const checked = CONTENT.media.check({ name: 'Photo', url: '/media/1/photo.png', meta: '{not json' });
    expect(checked).toEqual({ ok: true, body: { name: 'Photo', url: '/media/1/photo.png', meta: {} } });
  });

  test('fills the edit form from a stored record', () => {
    expect(CONTENT.media.toValues({ id: '1', name: 'N', url: '/u', meta: { alt: 'A' } })).toEqual({
      name: 'N',
      url: '/u',
      meta: '{\n  "alt": "A"\n}',
    });
    expect(CONTENT.programs.toValues(null)).toEqual({
      title: '',
      slug: '',
      summary: '',
      content: '',
      image: '',
      alt: '',
      position: '0',
      date: '',
      status: 'draft',
    });
  });
});

describe('Media tab previews', () => {
  const preview = (url: string) => {
    const column = CONTENT.media.columns.find((candidate) => candidate.key === 'preview');
    const cell = column?.cell({ id: '1', name: 'n', url });
    return renderToStaticMarkup(createElement(Fragment, null, cell));
  };

  test('draws pictures of the site and nothing for an off-site address', () => {
    expect(preview('/media/1/van.png')).toContain('<img src="/media/1/van.png"');
    for (const url of ['https://tracker.example/pixel.png', 'http://example.org/a.jpg', '/\\evil.example/a.png']) {
      expect(preview(url), url).toBe('');
    }
  });
});
