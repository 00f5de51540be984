/**
 * The `client:touch` directive (src/scripts/touch-directive.ts), for the type checks of `.astro` files: `query` names
 * the address parameters that make the island hydrate at once.
 */
declare module 'astro' {
  interface AstroClientDirectives {
    'client:touch'?: boolean | { query: readonly string[] };
  }
}

export {};
