/**
 * Settings that mean what they say: `SITE_URL` wins over Netlify's `URL` in the build and the functions alike, and
 * netlify.toml holds no setting Netlify ignores or browsers no longer know.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { siteUrl as emailSiteUrl } from '../../netlify/functions/_shared/platform/outbox.ts';
import { netlifySettings } from '../../scripts/deploy/netlify-config.ts';
import { DEFAULT_SITE_URL, siteUrl } from '../../src/lib/site-url.ts';

const saved = { site: process.env['SITE_URL'], url: process.env['URL'] };

afterEach(() => {
  for (const [key, value] of [
    ['SITE_URL', saved.site],
    ['URL', saved.url],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  vi.resetModules();
});

describe('site address', () => {
  test('SITE_URL wins over URL, URL over the fallback', () => {
    expect(siteUrl('x', { SITE_URL: 'https://tumaini.org', URL: 'https://t.netlify.app' })).toBe('https://tumaini.org');
    expect(siteUrl('x', { URL: 'https://t.netlify.app' })).toBe('https://t.netlify.app');
    expect(siteUrl(undefined, {})).toBe(DEFAULT_SITE_URL);
  });

  test('the build (canonical links, sitemap, RSS) and the emails use SITE_URL when Netlify also sets URL', async () => {
    process.env['SITE_URL'] = 'https://www.tumaini.org';
    process.env['URL'] = 'https://tumaini-children.netlify.app';
    const { default: config } = await import('../../astro.config.mjs');
    expect(config.site).toBe('https://www.tumaini.org');
    expect(emailSiteUrl()).toBe('https://www.tumaini.org');
  });
});

describe('netlify.toml', () => {
  test('sets no bundler (v2 functions are always traced) and no obsolete Permissions-Policy feature', async () => {
    const settings = await netlifySettings(process.cwd(), 'production');
    expect(Object.values(settings.functions).map((pattern) => pattern.node_bundler)).toEqual([undefined]);
    const all = settings.headers.find((rule) => rule.for === '/*');
    expect(all?.values['Permissions-Policy']).toBe('camera=(), microphone=(), geolocation=()');
  });
});
