/**
 * The background run of a backup job (backup-jobs.ts): Netlify answers its caller 202 at once and lets it run far
 * longer than an answered call may. Only this server starts it: the call carries the job's run signature, and a job runs once.
 */
import type { Config } from '@netlify/functions';
import { RUN_SIGNATURE_HEADER, runJob, runSignatureMatches } from './_shared/platform/backup-jobs.ts';
import { error, methodNotAllowed, noContent, readJsonBody } from './_shared/platform/http.ts';

export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const id = (body.value as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || !runSignatureMatches(id, req.headers.get(RUN_SIGNATURE_HEADER))) {
    return error(403, 'Not a backup run this server started');
  }
  await runJob(id);
  return noContent();
};

export const config: Config = { background: true };
