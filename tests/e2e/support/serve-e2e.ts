/**
 * The server of a browser-test run (`e2eServer.command`, support/e2e/server.ts): empties the run's folder, starts the
 * run's SMTP server (./mail-sink.ts) and Paystack stand-in (support/stand-ins/paystack.ts) on free ports, writes their
 * addresses where the specs read them, then runs `npm start`'s command (`node scripts/serve.ts`) as its child, with
 * `SMTP_URL` and `PAYSTACK_API_URL` naming them: the tests start the site as its users do, without importing its
 * code. The rest of its settings come from `e2eServer.env`. A stop (SIGINT, SIGTERM) goes to the site, and this
 * process ends with it.
 *
 * Each run has a port of its own, so it leaves a folder of its own (`.data/e2e-<port>`) and function builds of its
 * own (`.netlify/functions-serve/port-<port>`): kept after the run to look into a failure, they are removed by the
 * next run that starts, once the server that made them has stopped.
 *
 *   node tests/e2e/support/serve-e2e.ts
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startPaystack } from '../../../support/stand-ins/paystack.ts';
import { startMailSink } from './mail-sink.ts';
import {
  E2E_PAYSTACK_SECRET,
  e2ePort,
  e2eRunDir,
  e2eStandInsFile,
  type E2eStandIns,
} from '../../../support/e2e/server.ts';

/** The file in a run's folder naming the process that serves it. */
const PID_FILE = 'server.pid';

/** How old a run's folder without a {@link PID_FILE} must be to be left over (a new one gets its file at once). */
const UNCLAIMED_MS = 60_000;

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the folders and function builds of earlier runs whose server has stopped. */
async function removeStoppedRuns(): Promise<void> {
  for (const name of await readdir('.data').catch(() => [] as string[])) {
    const port = /^e2e-(?:mail-)?(\d+)$/.exec(name)?.[1];
    if (!port || Number(port) === e2ePort) continue;
    const dir = join('.data', name);
    const pid = Number(await readFile(join(dir, PID_FILE), 'utf8').catch(() => ''));
    if (pid ? running(pid) : Date.now() - (await stat(dir)).mtimeMs < UNCLAIMED_MS) continue;
    await rm(dir, { recursive: true, force: true });
    await rm(join('.netlify', 'functions-serve', `port-${port}`), { recursive: true, force: true });
  }
}

await rm(e2eRunDir, { recursive: true, force: true });
await mkdir(e2eRunDir, { recursive: true });
await writeFile(join(e2eRunDir, PID_FILE), String(process.pid));
await removeStoppedRuns();
const smtp = await startMailSink();
const paystack = await startPaystack(0, E2E_PAYSTACK_SECRET);
const standIns: E2eStandIns = { smtpUrl: smtp.url, paystackUrl: paystack.url };
// Written before the site answers: Playwright's workers, which read it, start only once it does.
await writeFile(e2eStandInsFile, JSON.stringify(standIns));
console.log(`SMTP server ${smtp.url}, Paystack stand-in ${paystack.url}`);

const site = spawn(process.execPath, [join('scripts', 'serve.ts')], {
  env: { ...process.env, PORT: String(e2ePort), SMTP_URL: smtp.url, PAYSTACK_API_URL: paystack.url },
  stdio: 'inherit',
});
// The site stops gracefully on the first SIGINT and on the first SIGTERM, and at once on a second of the same kind. A
// stop sent to the process group (Ctrl-C, `npm test`) has reached it already, so the one passed on is the other kind:
// it stops gracefully whether the stop came to the group or to this process alone.
for (const [signal, other] of [
  ['SIGINT', 'SIGTERM'],
  ['SIGTERM', 'SIGINT'],
] as const) {
  process.once(signal, () => site.kill(other));
}
// Once the site has stopped, this process ends, and the stand-ins with it.
site.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
