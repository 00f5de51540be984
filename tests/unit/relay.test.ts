import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { startRelay, type Relay } from '../../support/database/relay.ts';

// Startup message (protocol 3.0, user=postgres) followed by Terminate, as the driver sends them.
const startup = (() => {
  const body = Buffer.concat([Buffer.from([0, 3, 0, 0]), Buffer.from('user\0postgres\0\0')]);
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([length, body]);
})();
const terminate = Buffer.from([0x58, 0, 0, 0, 4]);

describe('relay', () => {
  let relay: Relay;
  let server: ReturnType<typeof createServer>;
  const received: { bytes: Buffer[]; ended: boolean }[] = [];

  beforeAll(async () => {
    relay = await startRelay();
    // A server that, like PGlite's, never hangs up by itself: it only closes once the client half-closes.
    server = createServer({ allowHalfOpen: true }, (socket: Socket) => {
      const seen = { bytes: [] as Buffer[], ended: false };
      received.push(seen);
      socket.on('data', (data) => seen.bytes.push(data));
      socket.on('end', () => {
        seen.ended = true;
        socket.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await relay.close();
    await new Promise((resolve) => server.close(resolve));
  });

  test('half-closes the TCP side on Terminate so the tunnel closes', async () => {
    const port = (server.address() as AddressInfo).port;
    const ws = new WebSocket(`ws://${relay.proxy}?address=127.0.0.1:${port}`);
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(startup);
    ws.send(terminate);
    const closed = await new Promise<boolean>((resolve) => {
      ws.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 3000);
    });
    expect(closed).toBe(true);
    expect(received.at(-1)?.ended).toBe(true);
    expect(Buffer.concat(received.at(-1)?.bytes ?? [])).toEqual(Buffer.concat([startup, terminate]));
  });

  test('refuses to tunnel anywhere but the loopback interface', async () => {
    const ws = new WebSocket(`ws://${relay.proxy}?address=example.org:5432`);
    const code = await new Promise<number>((resolve) => ws.once('close', (status) => resolve(status)));
    expect(code).toBe(1008);
  });
});
