/**
 * The deploy rehearsal's round of a picture through the blob store: a staff member uploads it, the public address
 * serves it with the year-long cache, deleting its Media entry removes its bytes from the store and the address
 * answers 404. It calls the upload, media and file functions' handlers with the production build's environment, a
 * throw-away database (`DATABASE_URL`) and Netlify's local blob server (`NETLIFY_BLOBS_CONTEXT`); the bundle check
 * separately makes sure their bundles carry the blob client.
 */
import type { Context } from '@netlify/functions';
import mediaEntries from '../../netlify/functions/admin-media.ts';
import upload from '../../netlify/functions/admin-media-upload.ts';
import mediaFile from '../../netlify/functions/media-file.ts';
import { signToken } from '../../netlify/functions/_shared/platform/auth.ts';
import { readBlob, sha256 } from '../../netlify/functions/_shared/platform/blobs.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { createSession } from '../../netlify/functions/_shared/platform/sessions.ts';

/** One step's outcome. */
export interface RehearsalStep {
  ok: boolean;
  what: string;
  detail?: string;
}

// A well-formed hash no password matches: the rehearsal's account signs in by token only.
const UNUSABLE_HASH =
  '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';

/** The smallest PNG: a 1×1 transparent pixel. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const context = (params: Record<string, string> = {}) => ({ ip: '192.0.2.1', params }) as unknown as Context;

/** Uploads, serves and deletes one picture; the database and blob store are those of the environment. */
export async function rehearseUploads(): Promise<RehearsalStep[]> {
  const steps: RehearsalStep[] = [];
  const step = (ok: boolean, what: string, detail = '') => steps.push({ ok, what, detail });
  const [account] = await query<{ id: string }>(
    `insert into admin_users (username, password_hash) values ('deploy-check', $1) returning id::text as id`,
    [UNUSABLE_HASH],
  );
  const token = await signToken('deploy-check', await createSession({ query }, account!.id, 'deploy-check', 'check'));
  const auth = { Authorization: `Bearer ${token}` };

  const body = new FormData();
  body.append('file', new File([PIXEL], 'Rehearsal Pixel.png'));
  const uploaded = await upload(
    new Request('http://localhost/api/admin/media/upload', { method: 'POST', headers: auth, body }),
    context(),
  );
  const { url = '' } = uploaded.status === 201 ? ((await uploaded.json()) as { url?: string }) : {};
  step(uploaded.status === 201 && url !== '', 'blobs: a staff upload is stored', `${uploaded.status} ${url}`);
  const [row] = await query<{ data: Buffer | null; blob_key: string | null }>(
    'select data, blob_key from uploads where $1 = \'/media/\' || id || \'/\' || name',
    [url],
  );
  const stored = row?.blob_key ? await readBlob(row.blob_key) : undefined;
  step(
    row?.data === null && !!stored && sha256(stored) === sha256(PIXEL),
    'blobs: its bytes are in the blob store, not in its row',
    row?.blob_key ?? 'no row',
  );

  const [, id = '', name = ''] = url.split('/').slice(1);
  const served = await mediaFile(new Request(`http://localhost${url}`), context({ id, name }));
  const bytes = Buffer.from(await served.arrayBuffer());
  step(
    served.status === 200 &&
      served.headers.get('cache-control') === 'public, max-age=31536000, immutable' &&
      sha256(bytes) === sha256(PIXEL),
    'blobs: its public address serves the same bytes with a year-long cache',
    `${served.status} ${served.headers.get('cache-control') ?? ''}`,
  );

  const [entry] = await query<{ id: string }>('select id::text as id from media where url = $1', [url]);
  const deleted = await mediaEntries(
    new Request(`http://localhost/api/admin/media/${entry?.id}`, { method: 'DELETE', headers: auth }),
    context({ id: entry?.id ?? '' }),
  );
  const gone = row?.blob_key ? (await readBlob(row.blob_key)) === undefined : false;
  const after = await mediaFile(new Request(`http://localhost${url}`), context({ id, name }));
  step(
    deleted.status === 204 && gone && after.status === 404,
    'blobs: deleting its Media entry removes its bytes, and the address answers 404',
    `${deleted.status}, then ${after.status}`,
  );
  return steps;
}
