/**
 * The modules src/build/on-demand-module.ts serves: the addresses of a module's files, its own first, for a page
 * to preload and import when a visitor asks for it.
 */
declare module 'virtual:on-demand/office-map' {
  /** The map's module (src/islands/mountNairobiMap.tsx), then every file it imports. */
  export const files: readonly string[];
}
