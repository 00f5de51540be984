/**
 * WebSocket-to-TCP relay speaking the Neon serverless driver's `wsProxy` protocol: the driver opens
 * `ws://<relay>/v1?address=<host>:<port>` and sends raw Postgres wire bytes as binary messages.
 * Used locally (embedded PGlite or a plain PostgreSQL) so functions run the very same driver as on Neon.
 */
import { createConnection, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

/** A running relay. */
export interface Relay {
  /** Value for `DATABASE_WS_PROXY` / `neonConfig.wsProxy`, e.g. `127.0.0.1:54321/v1`. */
  readonly proxy: string;
  /** Port the relay listens on (127.0.0.1 only). */
  readonly port: number;
  /** Stops accepting and drops every open tunnel. */
  close(): Promise<void>;
}

/** Options of {@link startRelay}. */
export interface RelayOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Hosts a tunnel may reach; defaults to loopback only, so the relay is never an open proxy. */
  allowedHosts?: readonly string[];
}

const LOOPBACK = ['127.0.0.1', 'localhost', '::1', '[::1]'];

/** Starts a relay on 127.0.0.1. */
export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const allowed = new Set(options.allowedHosts ?? LOOPBACK);
  const wss = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0, perMessageDeflate: false });
  const tunnels = new Set<{ ws: WebSocket; tcp: Socket }>();

  wss.on('connection', (ws, req) => {
    const target = parseAddress(new URL(req.url ?? '/', 'http://relay').searchParams.get('address'));
    if (!target || !allowed.has(target.host)) {
      ws.close(1008, 'address not allowed');
      return;
    }
    const tcp = createConnection({ host: target.host.replace(/^\[|\]$/g, ''), port: target.port });
    tcp.setNoDelay(true);
    const tunnel = { ws, tcp };
    tunnels.add(tunnel);
    const watcher = terminateWatcher();
    const pending: Buffer[] = [];
    let connected = false;

    tcp.on('connect', () => {
      connected = true;
      for (const chunk of pending.splice(0)) tcp.write(chunk);
      if (watcher.terminated) tcp.end();
    });
    tcp.on('data', (data) => {
      if (ws.readyState === ws.OPEN) ws.send(data);
    });
    tcp.on('close', () => {
      tunnels.delete(tunnel);
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close();
    });
    tcp.on('error', () => ws.terminate());

    ws.on('message', (raw: RawData) => {
      const chunk = toBuffer(raw);
      const terminated = watcher.feed(chunk);
      if (connected) tcp.write(chunk);
      else pending.push(chunk);
      // The server may keep the TCP connection open after Terminate (PGlite's socket server does),
      // and the driver's end() waits for the socket to close: half-close so the server hangs up.
      if (terminated && connected) tcp.end();
    });
    ws.on('close', () => tcp.destroy());
    ws.on('error', () => tcp.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  const { port } = wss.address() as AddressInfo;
  return {
    port,
    proxy: `127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const { ws, tcp } of tunnels) {
          ws.terminate();
          tcp.destroy();
        }
        wss.close(() => resolve());
      }),
  };
}

function parseAddress(value: string | null): { host: string; port: number } | undefined {
  if (!value) return undefined;
  const match = /^(.+):(\d{1,5})$/.exec(value);
  if (!match?.[1] || !match[2]) return undefined;
  return { host: match[1], port: Number(match[2]) };
}

function toBuffer(raw: RawData): Buffer {
  if (Buffer.isBuffer(raw)) return raw;
  if (Array.isArray(raw)) return Buffer.concat(raw);
  return Buffer.from(raw);
}

/**
 * Follows the frontend message framing (one untyped startup message, then `type + int32 length`)
 * so a Terminate ('X') is recognised only at a message boundary, never inside a value.
 */
function terminateWatcher(): { feed(chunk: Buffer): boolean; readonly terminated: boolean } {
  let header = Buffer.alloc(0);
  let skip = 0;
  let startup = true;
  let terminated = false;
  return {
    get terminated() {
      return terminated;
    },
    feed(chunk: Buffer): boolean {
      let offset = 0;
      while (offset < chunk.length && !terminated) {
        if (skip > 0) {
          const step = Math.min(skip, chunk.length - offset);
          skip -= step;
          offset += step;
          continue;
        }
        const headerSize = startup ? 4 : 5;
        const take = Math.min(headerSize - header.length, chunk.length - offset);
        header = Buffer.concat([header, chunk.subarray(offset, offset + take)]);
        offset += take;
        if (header.length < headerSize) break;
        if (startup) {
          const length = header.readInt32BE(0);
          // SSLRequest / GSSENCRequest are followed by another untyped startup message.
          skip = length - 4;
          startup = length === 8 ? true : false;
        } else {
          if (header[0] === 0x58) terminated = true;
          skip = header.readInt32BE(1) - 4;
        }
        header = Buffer.alloc(0);
      }
      return terminated;
    },
  };
}
