/**
 * A stand-in for Netlify's side of a background function: an HTTP server on a port the system picks that answers a
 * call to the function 202 at once and runs the function's handler after, as the platform does. `settled()` waits
 * for every run started so far.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Handler } from './admin.ts';
import { context } from './databases.ts';

/** The running stand-in. */
export interface BackgroundPlatform {
  /** Its origin, `http://127.0.0.1:<port>`. */
  origin: string;
  /** The answers of the runs started so far, once each ends. */
  settled(): Promise<Response[]>;
  close(): Promise<void>;
}

/** Serves `handler` at `path`; any other path, or `status` other than 202, is answered without running it. */
export async function startBackgroundPlatform(
  path: string,
  handler: Handler,
  status = 202,
): Promise<BackgroundPlatform> {
  const runs: Promise<Response>[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url !== path || status !== 202) return void res.writeHead(req.url === path ? status : 404).end();
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const request = new Request(new URL(path, origin), {
        method: req.method ?? 'POST',
        headers,
        body: Buffer.concat(chunks),
      });
      res.writeHead(202).end();
      runs.push(handler(request, context()));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    settled: () => Promise.all(runs),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
