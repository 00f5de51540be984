/**
 * Says why a database could not be reached, as "host: CODE message". Neon's driver reaches the server over a
 * WebSocket, and a WebSocket that cannot connect reports only an empty error event; the cause (a host that does not
 * resolve, a refused or silent port) is found again by resolving and connecting to the same host and port.
 */
import { lookup } from 'node:dns/promises';
import { connect } from 'node:net';
import type { DatabaseTarget } from './db.ts';

/** Longest wait for the probe's TCP connection. */
const PROBE_MS = 5_000;

/**
 * The hops of a connection, in order: the relay (`DATABASE_WS_PROXY`) and then PostgreSQL's own port, or Neon's
 * WebSocket endpoint on the URL's host (443).
 */
function hops(target: DatabaseTarget): { host: string; port: number }[] {
  const url = new URL(target.url);
  if (!target.proxy) return [{ host: url.hostname, port: 443 }];
  const relay = new URL(`ws://${target.proxy}`);
  return [
    { host: relay.hostname, port: Number(relay.port || 80) },
    { host: url.hostname, port: Number(url.port || 5432) },
  ];
}

/** The error code and message a failure carries itself (a server's SQLSTATE, a socket's errno), if any. */
function ownCause(failure: unknown): { code: string; message: string } | undefined {
  const error = failure as { code?: unknown; message?: unknown } | null;
  if (typeof error?.code === 'string' && typeof error.message === 'string' && error.message !== '') {
    return { code: error.code, message: error.message };
  }
  return undefined;
}

/** Connects to host:port once: undefined when it answers, else its error's code and message. */
function probe(host: string, port: number): Promise<{ code: string; message: string } | undefined> {
  return new Promise((done) => {
    const socket = connect({ host, port, timeout: PROBE_MS });
    socket.once('connect', () => {
      socket.destroy();
      done(undefined);
    });
    socket.once('timeout', () => {
      socket.destroy();
      done({ code: 'ETIMEDOUT', message: `no answer on port ${port} within ${PROBE_MS / 1000} s` });
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      done({ code: error.code ?? 'ERROR', message: error.message }),
    );
  });
}

/** "host: CODE message" for a failure to reach or query `target`. */
export async function describeConnectionFailure(failure: unknown, target: DatabaseTarget): Promise<string> {
  const database = new URL(target.url).hostname;
  const own = ownCause(failure);
  if (own) return `${database}: ${own.code} ${own.message}`;
  for (const { host, port } of hops(target)) {
    const where = `${host}:${port}`;
    try {
      await lookup(host);
    } catch (error) {
      const { code = 'ENOTFOUND', message } = error as NodeJS.ErrnoException;
      return `${where}: ${code} ${message}`;
    }
    const refused = await probe(host, port);
    // Without a relay the driver goes to the host's WebSocket endpoint (443), which only Neon serves.
    const hint = target.proxy ? '' : ' (Neon is reached on 443; any other PostgreSQL needs DATABASE_WS_PROXY)';
    if (refused) return `${where}: ${refused.code} ${refused.message}${hint}`;
  }
  const message = failure instanceof Error && failure.message ? failure.message : 'the WebSocket connection failed';
  return `${database}: EWEBSOCKET ${message} (a Neon host is reached directly; any other PostgreSQL needs DATABASE_WS_PROXY)`;
}
