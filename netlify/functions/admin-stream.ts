/**
 * The live activity feed. `POST /api/admin/events/stream-token` (session token) gives a 5-minute
 * stream token; `GET /api/admin/events/stream?token=…` (that token only) is the Server-Sent Events
 * stream of _shared/event-stream.ts. A reconnect resumes after `Last-Event-ID` (header, or the
 * `lastEventId` query parameter for a fresh EventSource).
 */
import type { Config, Context } from '@netlify/functions';
import { failureAnswer, staffFunction } from './_shared/admin-resource.ts';
import { requireStreamToken, signToken, TOKEN_KINDS } from './_shared/auth.ts';
import { eventStream, resumeId } from './_shared/event-stream.ts';
import { json, methodNotAllowed } from './_shared/http.ts';

const issueStreamToken = staffFunction(async (req, actor) => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  return json({ token: await signToken(actor, 'stream'), expiresIn: TOKEN_KINDS.stream.seconds });
});

async function openStream(req: Request): Promise<Response> {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const url = new URL(req.url);
  try {
    const actor = await requireStreamToken(url);
    if (actor instanceof Response) return actor;
  } catch (failure) {
    return failureAnswer(failure, url.pathname);
  }
  const lastEventId = resumeId(req.headers.get('last-event-id') ?? url.searchParams.get('lastEventId'));
  return new Response(eventStream(lastEventId, undefined, req.signal), {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // Proxies must pass each message on at once.
      'X-Accel-Buffering': 'no',
    },
  });
}

/** Routes the two paths of the stream. */
export default async (req: Request, context: Context): Promise<Response> =>
  new URL(req.url).pathname.replace(/\/$/, '').endsWith('/stream-token')
    ? issueStreamToken(req, context)
    : openStream(req);

export const config: Config = { path: ['/api/admin/events/stream', '/api/admin/events/stream-token'] };
