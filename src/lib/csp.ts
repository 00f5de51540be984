/**
 * The Content-Security-Policy of every page, public and /samu. Astro's `security.csp` (astro.config.mjs)
 * writes it as a `<meta http-equiv>` tag with the hashes of the page's own scripts and styles, so no
 * `'unsafe-inline'` or `'unsafe-eval'` is ever needed. `frame-ancestors` has no effect in a meta tag, so
 * netlify.toml sends it as a header, with the rest of the security headers.
 */

/** Where the Leaflet islands load their map tiles (OpenStreetMap). */
export const MAP_TILE_ORIGIN = 'https://tile.openstreetmap.org';

/** The tile address template of the Leaflet islands. */
export const MAP_TILE_URL = `${MAP_TILE_ORIGIN}/{z}/{x}/{y}.png`;

/** The origin of an http(s) address (`https://payments.example.org`). */
function originOf(url: string): string {
  return new URL(url).origin;
}

/** A directive Astro accepts in `security.csp.directives`. */
type Directive =
  `${'default-src' | 'img-src' | 'font-src' | 'connect-src' | 'manifest-src' | 'base-uri' | 'form-action' | 'object-src'} ${string}`;

/**
 * The directives besides `script-src` and `style-src` (which Astro writes with its hashes): nothing by
 * default; pictures from the site, `data:` (small images the bundler inlines) and the map tiles; calls
 * to the site's own API; forms that post to the site or the payment page (`paymentUrl`), and the pages the checkout
 * function's redirect may land on (`formTargets`: Paystack's checkout, a PayPal link); no plugins, no `<base>`.
 */
export function cspDirectives(paymentUrl: string, formTargets: readonly string[] = []): Directive[] {
  const targets = [...new Set([paymentUrl, ...formTargets].map(originOf))];
  return [
    "default-src 'none'",
    `img-src 'self' data: ${MAP_TILE_ORIGIN}`,
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    `form-action 'self' ${targets.join(' ')}`,
    "object-src 'none'",
  ];
}

/** Astro's `security.csp` setting: SHA-256 hashes of the page's scripts and styles, from the site only. */
export function contentSecurityPolicy(paymentUrl: string, formTargets: readonly string[] = []) {
  return {
    algorithm: 'SHA-256' as const,
    directives: cspDirectives(paymentUrl, formTargets),
    scriptDirective: { resources: ["'self'"] },
    styleDirective: { resources: ["'self'"] },
  };
}
