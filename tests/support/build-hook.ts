/** A stand-in for Netlify's build hook, for the publishing tests. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in build hook: counts calls and answers `status`. */
export async function startHook(status: number): Promise<{ server: Server; url: string; calls: string[] }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    calls.push(req.url ?? '');
    req.resume();
    res.writeHead(status).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/build_hooks/abc`, calls };
}
