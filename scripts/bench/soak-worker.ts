/**
 * The sender the outbox soak (scripts/soak-outbox.ts) kills: a process that answers `POST /api/admin/track` with the
 * track function, and sends the outbox after each answer (`context.waitUntil`), as a function instance does. It holds
 * no state of its own; the database and the mail server outlive it.
 *
 *   PORT, DATABASE_URL, DATABASE_WS_PROXY, SMTP_URL, NOTIFY_TO, NOTIFY_FROM come from the environment.
 */
import { createServer } from 'node:http';
import type { Context } from '@netlify/functions';
import track from '../../netlify/functions/track.ts';

const server = createServer((req, res) => {
  void (async () => {
    const body = Buffer.concat(await Array.fromAsync(req as AsyncIterable<Buffer>));
    const context = {
      ip: '127.0.0.1',
      params: {},
      waitUntil: (work: Promise<unknown>) => void work,
    } as unknown as Context;
    const answer = await track(
      new Request(`http://localhost${req.url ?? '/'}`, {
        method: req.method ?? 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }),
      context,
    );
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(await answer.text());
  })().catch(() => {
    res.writeHead(500);
    res.end();
  });
});
server.listen(Number(process.env['PORT'] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`ready ${typeof address === 'object' && address ? address.port : ''}`);
});
