// @ts-check
import { defineConfig } from 'astro/config';
import { existsSync } from 'node:fs';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { DEFAULT_PAYMENT_URL, PAYSTACK_CHECKOUT_ORIGIN } from './src/lib/payment.ts';
import { contentSecurityPolicy } from './src/lib/csp.ts';
import { siteUrl } from './src/lib/site-url.ts';
import { catalogueCheck } from './src/i18n/catalogue-check.ts';
import { onDemandModules } from './src/build/on-demand-module.ts';

/** The Kiswahili pages that exist in their own right; the others under /sw/ are English fallbacks, kept out of search. */
const translatedSw = (/** @type {string} */ pathname) => {
  if (!pathname.startsWith('/sw/')) return true;
  const rest = pathname.replace(/^\/sw\/?/, '').replace(/\/$/, '');
  return (
    existsSync(rest ? `src/pages/sw/${rest}.astro` : 'src/pages/sw/index.astro') ||
    existsSync(`src/pages/sw/${rest}/index.astro`)
  );
};

/**
 * `client:touch` (src/scripts/touch-directive.ts): the island hydrates on the visitor's first tap, focus or key inside
 * it. Every island whose HTML works without JavaScript uses it; only the home carousel, which moves by itself, does not.
 */
const touchDirective = () => ({
  name: 'touch-directive',
  hooks: {
    'astro:config:setup': (
      /** @type {import('astro').HookParameters<'astro:config:setup'>} */ { addClientDirective },
    ) => addClientDirective({ name: 'touch', entrypoint: './src/scripts/touch-directive.ts' }),
  },
});

export default defineConfig({
  site: siteUrl(),
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  // English at the root as before, Kiswahili under /sw/; a page without a Kiswahili file is shown there in English with
  // a note (rewrite: the visitor keeps the address and the Kiswahili navigation), see src/i18n/page.ts.
  i18n: {
    locales: ['en', 'sw'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false, fallbackType: 'rewrite' },
    fallback: { sw: 'en' },
  },
  integrations: [
    catalogueCheck(),
    touchDirective(),
    react(),
    sitemap({
      filter: (page) => {
        const { pathname } = new URL(page);
        return !/^\/(sw\/)?(samu|sent|404)\b/.test(pathname) && translatedSw(pathname);
      },
      i18n: { defaultLocale: 'en', locales: { en: 'en', sw: 'sw' } },
    }),
  ],
  image: {
    responsiveStyles: true,
    // AVIF at sharp's default effort (4) on Netlify, where the bytes reach visitors; local and CI builds encode at
    // effort 0: the same markup and pictures, more AVIF bytes (1.39 MB against 0.97 MB at effort 2), and a clean
    // build needs 23 CPU-seconds instead of 41 (77 at effort 4).
    service: { entrypoint: 'astro/assets/services/sharp', config: { avif: { effort: process.env.NETLIFY ? 4 : 0 } } },
  },
  prefetch: false,
  vite: {
    // The footer's interactive map, loaded when a visitor presses "Show the map" (src/scripts/office-map.ts).
    plugins: [onDemandModules({ 'office-map': 'src/islands/mountNairobiMap.tsx' })],
    build: {
      // Astro writes a small script without imports into the page itself; not the contact clock's: the English page
      // would then hold "Open now" or "Closed now" before the browser knows the time (src/scripts/office-clock.ts).
      assetsInlineLimit: (/** @type {string} */ file) => (/\bOfficeHours\.astro_/.test(file) ? false : undefined),
      rolldownOptions: {
        output: {
          // The form kit (fields, error summary, the send hook) ships as one file, not four, and the sending with its
          // outbox as another: on a slow link each extra request of a form page costs a round trip. The sending is
          // apart because the footer's newsletter script, on every page, uses it without React, which the kit imports.
          codeSplitting: {
            groups: [
              // React itself first, then the sending, so that the form kit's group (which takes in what it imports)
              // takes in neither.
              { name: 'react-runtime', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
              { name: 'form-send', test: /src[\\/]lib[\\/](outbox|outbox-key|forms)\.ts$/, priority: 2 },
              { name: 'form-kit', test: /src[\\/]islands[\\/]shared[\\/]form/, priority: 1 },
            ],
          },
        },
      },
    },
  },
  // Shiki colours code with inline styles, which the hash-based policy below would block; no content needs colouring.
  markdown: { syntaxHighlight: false },
  // Every page gets a policy (a <meta> tag) with the hashes of its own scripts and styles; src/lib/csp.ts holds
  // the other directives, netlify.toml the headers a meta tag cannot carry.
  security: {
    // The donate and sponsor forms post to the site, whose answer sends the tab on to Paystack (or the address
    // PAYSTACK_API_URL names, a stand-in in tests) or to the PayPal link.
    csp: contentSecurityPolicy(
      process.env.PUBLIC_PAYMENT_URL || DEFAULT_PAYMENT_URL,
      [PAYSTACK_CHECKOUT_ORIGIN, process.env.PAYSTACK_API_URL, process.env.PAYPAL_URL].filter(
        /** @returns {url is string} */ (url) => Boolean(url),
      ),
    ),
  },
});
