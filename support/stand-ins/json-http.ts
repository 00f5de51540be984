/** Reading and answering JSON in the stand-ins' HTTP servers. */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The request's JSON body, or `{}` when it is not JSON. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A string field of a JSON body, or `fallback`. */
export function field(body: Record<string, unknown>, name: string, fallback: string): string {
  const value = body[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
