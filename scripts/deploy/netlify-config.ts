/**
 * netlify.toml as Netlify reads it for one deploy context (`@netlify/config`, the resolver of `netlify build`),
 * typed for what the deploy rehearsal and the tests look at.
 */
import { resolveConfig } from '@netlify/config';

/** The `[functions]` settings of one pattern (`*` or a function name), as netlify.toml spells them. */
export interface FunctionSettings {
  included_files?: string[];
  node_bundler?: string;
  external_node_modules?: string[];
  ignored_node_modules?: string[];
}

/** One `[[headers]]` rule. */
export interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

/** The resolved configuration of one context. */
export interface NetlifySettings {
  build: { command?: string; publish: string; environment: Record<string, string> };
  functions: Record<string, FunctionSettings>;
  functionsDirectory: string;
  headers: HeaderRule[];
  redirects: { from: string; to: string; status?: number; force?: boolean }[];
}

/** netlify.toml resolved for `context` (production, deploy-preview, branch-deploy, dev), offline. */
export async function netlifySettings(root: string, context: string): Promise<NetlifySettings> {
  const resolved = await resolveConfig({
    config: `${root}/netlify.toml`,
    context,
    cwd: root,
    offline: true,
    mode: 'cli',
    repositoryRoot: root,
  });
  return resolved.config as NetlifySettings;
}

/**
 * The `[functions]` settings in the form Netlify's bundler takes them (`@netlify/build` renames them the same way
 * before calling `@netlify/zip-it-and-ship-it`).
 */
export function bundlerConfig(functions: NetlifySettings['functions']): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(functions).map(([pattern, settings]) => [
      pattern,
      {
        includedFiles: settings.included_files,
        nodeBundler: settings.node_bundler,
        externalNodeModules: settings.external_node_modules,
        ignoredNodeModules: settings.ignored_node_modules,
      },
    ]),
  );
}
