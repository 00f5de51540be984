/**
 * `scripts/serve.ts` as a process of its own, as `npm run serve` runs it: for measurements over HTTP (bench:http) and
 * for tests of the running server, which must not share the caller's environment or module state.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** How much of a server's log is kept. */
const LOG_CHARS = 100_000;

/** A running `serve.ts`. */
export interface ServeProcess {
  /** Where it answers. */
  url: string;
  child: ChildProcess;
  /** What it has printed since it answered (its log: scheduled runs and the like). */
  output(): string;
  /** Stops it (SIGTERM) and resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts `node scripts/serve.ts <args>` with `env` added to this process's and resolves once it answers. */
export async function startServeProcess(args: readonly string[], env: Record<string, string>): Promise<ServeProcess> {
  const child = spawn(process.execPath, [join(root, 'scripts', 'serve.ts'), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  let log = '';
  const url = await new Promise<string>((ready, fail) => {
    void exited.then((code) => fail(new Error(`serve.ts exited with ${code} before it answered`)));
    // Read to the line that says where it answers; what it prints after that is kept (its latest part).
    let output: string | undefined = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      if (output === undefined) {
        log = (log + chunk.toString()).slice(-LOG_CHARS);
        return;
      }
      output += chunk.toString();
      const started = /Site and functions on (http:\/\/\S+)/.exec(output);
      if (!started) return;
      output = undefined;
      ready(started[1]!);
    });
  });
  return {
    url,
    child,
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
