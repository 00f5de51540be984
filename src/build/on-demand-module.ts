/**
 * A module the browser loads only when a visitor asks for it, all its files at once, without anything on the page
 * before that. `import { files } from 'virtual:on-demand/<name>'` gives the addresses of the module's own file (first)
 * and of every file it imports, however deep; the page adds a `<link rel="modulepreload">` for each and imports the
 * first (see src/scripts/office-map.ts). Vite turns an `import('…')` of a page's script into the same, but through a
 * helper it adds to that script, which every page holding the script then fetches before any visitor has asked.
 */
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:on-demand/';

/** Stands in the built script for the list of files until the chunks are known. */
const placeholder = (name: string) => `__ON_DEMAND_FILES_${name.replace(/\W/g, '_')}__`;

/** The plugin serving `virtual:on-demand/<name>` for each `modules` entry: name → the module's path from the root. */
export function onDemandModules(modules: Readonly<Record<string, string>>): Plugin {
  let root = process.cwd();
  let base = '/';
  let serving = false;
  return {
    name: 'on-demand-modules',
    configResolved(config) {
      root = config.root;
      base = config.base;
      serving = config.command === 'serve';
    },
    resolveId(source) {
      return source.startsWith(PREFIX) && source.slice(PREFIX.length) in modules ? `\0${source}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const name = id.slice(PREFIX.length + 1);
      const path = resolve(root, modules[name] ?? '');
      // The dev server and the server build serve the module itself; the browser then fetches its imports as usual.
      if (serving || this.environment.config.consumer !== 'client') {
        return `export const files = [${JSON.stringify(base + relative(root, path))}];`;
      }
      // A chunk of its own, whose exports stay although nothing in the build imports them: the page does, by address.
      this.emitFile({ type: 'chunk', id: path, preserveSignature: 'exports-only' });
      return `export const files = [${JSON.stringify(placeholder(name))}];`;
    },
    renderChunk(code, _chunk, _options, { chunks }) {
      let rendered = code;
      for (const [name, path] of Object.entries(modules)) {
        const marker = new RegExp(`["'\`]${placeholder(name)}["'\`]`, 'g');
        if (!marker.test(rendered)) continue;
        const facade = resolve(root, path);
        const entry = Object.values(chunks).find((chunk) => chunk.facadeModuleId === facade);
        if (!entry) this.error(`on-demand module ${name}: no chunk for ${path}`);
        // Its own file first, then what it imports, and what those import. The names carry the bundler's hash
        // placeholders, which it fills in, so this script's own hash follows theirs.
        const files = [entry.fileName];
        for (let index = 0; index < files.length; index++) {
          for (const imported of chunks[files[index] ?? '']?.imports ?? []) {
            if (!files.includes(imported)) files.push(imported);
          }
        }
        rendered = rendered.replace(marker, files.map((file) => JSON.stringify(base + file)).join(','));
      }
      return rendered === code ? null : { code: rendered, map: null };
    },
  };
}
