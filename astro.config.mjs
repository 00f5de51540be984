// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';

/** The public address the site is deployed at; Netlify sets URL on every build. */
const site = process.env.URL ?? process.env.SITE_URL ?? 'https://tumaini-children.netlify.app';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  integrations: [react(), sitemap({ filter: (page) => !/^\/(samu|sent)\b/.test(new URL(page).pathname) })],
  image: { responsiveStyles: true },
  prefetch: false,
});
