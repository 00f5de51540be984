/**
 * A production build never goes green without its database: with `DATABASE_URL` unset (and Netlify's
 * `CONTEXT=production`), `astro build` stops before building a page and names the variable.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';

test('a production build with DATABASE_URL unset exits non-zero, naming it', async () => {
  const outDir = await mkdtemp(join(tmpdir(), 'watoto-production-build-'));
  const env: NodeJS.ProcessEnv = { ...process.env, CONTEXT: 'production', ASTRO_TELEMETRY_DISABLED: '1' };
  delete env['DATABASE_URL'];
  delete env['DATABASE_WS_PROXY'];
  try {
    const { code, output } = await new Promise<{ code: number | null; output: string }>((done, fail) => {
      const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.on('error', fail);
      child.on('exit', (exitCode) => done({ code: exitCode, output }));
    });
    expect(code).not.toBe(0);
    expect(output).toContain('DATABASE_URL is not set: a production build reads the stories and programs');
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}, 120_000);
