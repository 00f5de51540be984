/**
 * Why scripts/lib/local-functions.ts exists, checked against Netlify's packages as installed: a function whose module
 * counts its calls answers 1 to every call through @netlify/functions-dev's `FunctionsHandler` (a new worker imports
 * it for each call) and through @netlify/dev (which also builds it anew for each request), while the local server's
 * adapter answers 1, 2, as a warm instance on Netlify does. The day an upstream test here fails, Netlify serves
 * functions warm itself: delete the adapter and serve through `FunctionsHandler` or `NetlifyDev` (docs/decisions.md).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mockLocation, Reactive } from '@netlify/dev-utils';
import { NetlifyDev } from '@netlify/dev';
import { FunctionsHandler } from '@netlify/functions-dev';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startLocalFunctions } from '../../scripts/lib/local-functions.ts';

const counter = `
let calls = 0;
export default async () => new Response(String(++calls));
export const config = { path: '/count' };
`;

let project: string;
let functionsDir: string;

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'watoto-upstream-'));
  functionsDir = join(project, 'netlify', 'functions');
  await mkdir(functionsDir, { recursive: true });
  await writeFile(join(functionsDir, 'count.mjs'), counter);
  await writeFile(join(project, 'netlify.toml'), '[functions]\n  directory = "netlify/functions"\n');
});

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

/** What three calls in a row answer. */
async function threeCalls(call: () => Promise<Response | undefined>): Promise<string[]> {
  const answers: string[] = [];
  for (let i = 0; i < 3; i++) answers.push((await (await call())?.text()) ?? 'no answer');
  return answers;
}

test('@netlify/functions-dev as shipped starts every call in a new worker', async () => {
  const handler = new FunctionsHandler({
    config: new Reactive({ functions: {} }),
    destPath: join(project, '.netlify', 'functions-dev'),
    geolocation: mockLocation,
    projectRoot: project,
    settings: {},
    userFunctionsPath: functionsDir,
  });
  const request = () => new Request('http://localhost/count');
  const answers = await threeCalls(async () => (await handler.match(request()))?.handle(request()));
  expect(answers, 'functions-dev keeps a function warm now: serve through it, without local-functions.ts').toEqual([
    '1',
    '1',
    '1',
  ]);
});

test('@netlify/dev as shipped builds and starts every function call anew', async () => {
  const netlify = new NetlifyDev({
    projectRoot: project,
    serverAddress: null,
    aiGateway: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    environmentVariables: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
  });
  await netlify.start();
  try {
    const answers = await threeCalls(() => netlify.handle(new Request('http://localhost/count')));
    expect(answers, '@netlify/dev keeps a function warm now: serve through it, without local-functions.ts').toEqual([
      '1',
      '1',
      '1',
    ]);
  } finally {
    await netlify.stop();
  }
});

test("the local server's functions stay warm: one module answers every call of a build", async () => {
  const local = await startLocalFunctions({
    root: project,
    functionsDir,
    destPath: join(project, '.netlify', 'local-functions'),
    config: {},
  });
  try {
    const request = () => new Request('http://localhost/count');
    expect(await threeCalls(async () => local.match(request())?.handle(request()))).toEqual(['1', '2', '3']);
  } finally {
    await local.close();
  }
});
