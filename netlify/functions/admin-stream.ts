/**
 * The live activity feed. `POST /api/admin/events/stream-token` (session token) gives a 5-minute
 * stream token; `GET /api/admin/events/stream?token=…` (that token only) is the Server-Sent Events
 * stream of _shared/platform/event-stream.ts. A reconnect resumes after `Last-Event-ID` (header, or the
 * `lastEventId` query parameter for a fresh EventSource).
 */
import type { Config, Context } from '@netlify/functions';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { failureAnswer } from './_shared/platform/failure.ts';
import { requireStreamToken, signToken, TOKEN_KINDS } from './_shared/platform/auth.ts';
import { eventStream, resumeId } from './_shared/platform/event-stream.ts';
import { answer, json, methodNotAllowed } from './_shared/platform/http.ts';
import { liveSession } from './_shared/platform/sessions.ts';

const issueStreamToken = staffFunction(async (req, actor, _context, session) => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  return json({ token: await signToken(actor, session.sessionId, 'stream'), expiresIn: TOKEN_KINDS.stream.seconds });
});

async function openStream(req: Request): Promise<Response> {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const url = new URL(req.url);
  let sessionId: string;
  try {
    const session = await requireStreamToken(url);
    if (session instanceof Response) return session;
    sessionId = session.sessionId;
  } catch (failure) {
    return failureAnswer(failure, url.pathname);
  }
  const lastEventId = resumeId(req.headers.get('last-event-id') ?? url.searchParams.get('lastEventId'));
  // An open stream ends soon after its session does (logout, password change, account deleted).
  const stillLive = async () => (await liveSession(sessionId)) !== null;
  return answer(eventStream(lastEventId, undefined, req.signal, stillLive), 200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    // Proxies must pass each message on at once.
    'X-Accel-Buffering': 'no',
  });
}

/** Routes the two paths of the stream. */
export default async (req: Request, context: Context): Promise<Response> =>
  new URL(req.url).pathname.replace(/\/$/, '').endsWith('/stream-token')
    ? issueStreamToken(req, context)
    : openStream(req);

export const config: Config = { path: ['/api/admin/events/stream', '/api/admin/events/stream-token'] };
