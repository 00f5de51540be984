/**
 * The Markdown pipeline of stories and programs written in /samu: the build renders database items with it and
 * the dashboard's preview uses the very same function, so staff see what visitors will see.
 *
 * Staff Markdown is never trusted as HTML: raw HTML is dropped while parsing (remark-rehype without
 * `allowDangerousHtml`), the result is cleaned by rehype-sanitize (GitHub's schema: no scripts, no `on…`
 * handlers, no `javascript:` links), images are kept only when they come from the site's own media
 * (`/media/<id>/<name>`), and links to other sites get `rel="noopener noreferrer"`.
 */
import type { Element, ElementContent, Root } from 'hast';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { OWN_MEDIA_URL } from './media-paths.ts';

/** True when `href` leaves the site (an absolute http(s) or protocol-relative address). */
function isExternal(href: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(href);
}

/** Drops images from elsewhere and marks external links; runs after sanitising, on what is left. */
function ownMediaAndSafeLinks() {
  return (tree: Root) => {
    const visit = (parent: Root | Element) => {
      parent.children = parent.children.filter((child): child is ElementContent => {
        if (child.type !== 'element') return true;
        if (child.tagName === 'img') {
          const src = child.properties['src'];
          if (typeof src !== 'string' || !OWN_MEDIA_URL.test(src)) return false;
          child.properties['loading'] = 'lazy';
          child.properties['decoding'] = 'async';
        }
        if (child.tagName === 'a') {
          const href = child.properties['href'];
          if (typeof href === 'string' && isExternal(href)) child.properties['rel'] = ['noopener', 'noreferrer'];
        }
        visit(child);
        return true;
      });
    };
    visit(tree);
  };
}

const schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    img: [...(defaultSchema.attributes?.['img'] ?? []), 'loading', 'decoding'],
  },
};

const processor = unified()
  .use(remarkParse)
  .use(remarkRehype)
  .use(rehypeSanitize, schema)
  .use(ownMediaAndSafeLinks)
  .use(rehypeStringify);

/** Staff Markdown as safe HTML (see the module comment for what is kept). */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}
