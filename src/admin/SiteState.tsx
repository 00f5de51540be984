import { text } from './lib/format.ts';
import type { Row } from './lib/list.ts';

type Props = { readonly row: Row };

/** Where a program's or post's public page is. */
function pageOf(row: Row): string {
  if ('dream_job' in row) return '/children/';
  if ('venue' in row) return '/programs/';
  if ('full_bio' in row) return '/about/';
  const section = 'excerpt' in row ? 'blog' : 'programs';
  return `/${section}/${text(row['slug'])}/`;
}

/** Whether the public site shows the item's last change: Draft, Publishing…, Live (a link) or the failure. */
export default function SiteState({ row }: Props) {
  const state = text(row['site_state']);
  if (state === 'live') {
    return (
      <a className="site-state site-state--live" href={pageOf(row)} target="_blank" rel="noopener">
        Live<span className="visually-hidden"> (opens the page in a new tab)</span>
      </a>
    );
  }
  if (state === 'publishing') return <span className="site-state site-state--busy">Publishing…</span>;
  if (state === 'unpublishing') return <span className="site-state site-state--busy">Unpublishing…</span>;
  if (state === 'failed') {
    return (
      <span className="site-state site-state--failed">
        Failed: {text(row['site_error']) || 'the site build failed'}
      </span>
    );
  }
  return <span className="site-state">Draft</span>;
}
