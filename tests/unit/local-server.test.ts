/**
 * The local server (`npm run serve`, scripts/serve.ts) picks up a changed function source without a restart, and
 * calls that arrive while the function is rebuilt are answered by the build they find, never with a 500 (issue 13).
 * It runs as its own process, on a functions folder of its own, so the project's functions stay untouched.
 */
import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServeProcess, type ServeProcess } from '../../scripts/lib/serve-process.ts';

/** A function answering `text` at /api/probe, as a source file of the functions folder. */
const probeSource = (text: string) => `
export default async () => new Response(${JSON.stringify(text)}, { headers: { 'content-type': 'text/plain' } });
export const config = { path: '/api/probe' };
`;

let scratch: string;
/** The server's functions folder; its database lives beside it, out of the folder the server watches. */
let functions: string;
let server: ServeProcess | undefined;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'watoto-serve-'));
  functions = join(scratch, 'functions');
  await mkdir(functions);
  await writeFile(join(functions, 'probe.mjs'), probeSource('first build'));
  server = await startServeProcess(['--no-build', '--functions', functions], {
    PORT: '0',
    DATA_DIR: join(scratch, 'data'),
    DATABASE_URL: '',
  });
});

afterAll(async () => {
  await server?.stop();
  await rm(scratch, { recursive: true, force: true });
});

test('a changed function source is served without a restart; calls during the rebuild get an answer, not a 500', async () => {
  const call = async () => {
    const response = await fetch(`${server!.url}/api/probe`);
    // The start of the answer is enough to tell which build (or a 404 page) answered.
    return { status: response.status, text: (await response.text()).slice(0, 60) };
  };
  expect(await call()).toEqual({ status: 200, text: 'first build' });

  // Saved in place as an editor does (and as a busy machine spreads `writeFile`): emptied first, written a moment later.
  const file = await open(join(functions, 'probe.mjs'), 'w');
  await sleep(40);
  await file.writeFile(probeSource('second build'));
  await file.close();
  const answers: { status: number; text: string }[] = [];
  await expect
    .poll(
      async () => {
        answers.push(await call());
        return answers.at(-1)!.text;
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBe('second build');
  // Until the new build is in place, the old one answers.
  const unexpected = answers.filter(({ status, text }) => status !== 200 || !/^(first|second) build$/.test(text));
  expect(unexpected).toEqual([]);
});
