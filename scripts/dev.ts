/**
 * `npm run dev`: Astro's dev server with live reload, plus the functions through @netlify/vite-plugin and the same
 * local database as `npm start`, for UI work. Edge functions and everything else that reaches the network are off.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PluginOption } from 'vite';
import { localDataDir } from '../support/database/data-dir.ts';
import { exitOnLocalDatabaseError, lockLocalDatabase } from '../support/database/database-lock.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dataDir = localDataDir();
// Locked before Astro and the runtime load (seconds on a busy machine): a second process on the folder stops at once.
const lock = await lockLocalDatabase(dataDir).catch(exitOnLocalDatabaseError);
const [{ default: netlify }, { dev }, { prepareRuntime }] = await Promise.all([
  import('@netlify/vite-plugin'),
  import('astro'),
  import('./lib/runtime.ts'),
]);
const runtime = await prepareRuntime({ dataDir, lock }).catch(exitOnLocalDatabaseError);
Object.assign(process.env, runtime.env);

const server = await dev({
  root,
  server: { port: Number(process.env['PORT'] ?? 4321) },
  vite: {
    plugins: [
      // The plugin is typed `any`; it is a Vite plugin.
      (netlify as (options: object) => PluginOption)({
        aiGateway: { enabled: false },
        blobs: { enabled: false },
        database: { enabled: false },
        edgeFunctions: { enabled: false },
        geolocation: { enabled: false },
        images: { enabled: false },
      }),
    ],
  },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([server.stop(), runtime.close()]).then(() => process.exit(0));
  });
}
