/**
 * Letters from sponsors to the child they sponsor, through staff: a sponsor writes from My giving (only to a child they
 * sponsor now), staff review each letter for contact details and approve it, ask for a change (the sponsor is told
 * why) or decline it, and approved letters are printed in a batch for the field visit and marked delivered.
 * A sponsor reads only their own letters; nothing here reaches a public page. A letter's photo is kept in the blob
 * store under a random key (a letter written before it keeps its photo in its row).
 */
import { randomUUID } from 'node:crypto';
import { screenLetter, surnamesOf, unconfirmed, type Finding } from '../../../../src/lib/letter-screening.ts';
import type { LetterRow, LettersAnswer, LetterState } from '../../../../src/schemas/letters.ts';
import { audit } from '../platform/audit.ts';
import { deleteBlob, putBlob, readBlob, sha256 } from '../platform/blobs.ts';
import { query, transaction } from '../platform/db.ts';
import { detectFileType } from '../content/file-types.ts';
import { enqueue } from '../platform/outbox.ts';
import { render, letterhead } from '../gifts/receipt.ts';
import { firstName } from './child-updates.ts';
import { letterReturnedNotice, SPONSOR_LANGUAGE } from './sponsor-mail.ts';
import type { Locale } from '../../../../src/i18n/catalogue.ts';

/** Largest photo a sponsor may send with a letter. */
export const MAX_LETTER_PHOTO_BYTES = 4 * 1024 * 1024;

/** Image types a letter's photo may be (a PDF or anything else is refused). */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** What writing or revising a letter came to. */
export type LetterOutcome = { ok: true; id: string } | { ok: false; status: 400 | 404 | 409 | 413; message: string };

/** The photo's type when `bytes` are an image a letter may carry; a refusal otherwise. */
function photoType(bytes: Uint8Array): string | LetterOutcome {
  if (bytes.byteLength > MAX_LETTER_PHOTO_BYTES) {
    return { ok: false, status: 413, message: 'The photo is larger than 4 MB, the most a letter can carry.' };
  }
  const type = detectFileType(bytes)?.mime;
  if (!type || !PHOTO_TYPES.has(type)) {
    return { ok: false, status: 400, message: 'The photo must be a JPEG, PNG, WebP or GIF picture.' };
  }
  return type;
}

/** Stores a letter from `email` on their sponsorship `sponsorshipId`, waiting for review. */
export async function writeLetter(
  email: string,
  sponsorshipId: string,
  body: string,
  photo?: Uint8Array,
): Promise<LetterOutcome> {
  const type = photo && photo.byteLength > 0 ? photoType(photo) : undefined;
  if (type && typeof type !== 'string') return type;
  // The photo goes to the blob store first; it is removed again when no letter is written for it.
  const stored = type && photo ? await storeLetterPhoto(photo, type) : undefined;
  let row: { id: string } | undefined;
  try {
    [row] = await query<{ id: string }>(
      `insert into sponsor_letters (sponsorship_id, child_id, sponsor_email, body, photo_type, photo_key, photo_checksum)
       select s.id, ch.id, s.sponsor_email, $3, $4, $5, $6
       from sponsorships s join children ch on ch.slug = s.child_id
       where s.id = $1 and s.state = 'active' and lower(s.sponsor_email) = lower($2)
       returning id::text as id`,
      [sponsorshipId, email, body, type ?? null, stored?.key ?? null, stored?.checksum ?? null],
    );
  } finally {
    if (stored && !row) await deleteBlob(stored.key).catch(() => {});
  }
  return row ? { ok: true, id: row.id } : { ok: false, status: 404, message: 'You sponsor no such child.' };
}

/** The sponsor's new text for a letter staff asked them to change; it waits for review again. */
export async function reviseLetter(email: string, id: string, body: string): Promise<LetterOutcome> {
  const [row] = await query<{ id: string }>(
    `update sponsor_letters set body = $3, state = 'review', reason = null, confirmed = '{}', updated_at = now()
     where id = $1 and lower(sponsor_email) = lower($2) and state = 'changes' returning id::text as id`,
    [id, email, body],
  );
  return row ? { ok: true, id: row.id } : { ok: false, status: 404, message: 'There is no such letter to change.' };
}

/** A sponsor's own letters, newest first: what they wrote, to whom, and where it stands. */
export async function sponsorLetters(
  email: string,
): Promise<{ id: string; child: string; createdAt: Date; state: LetterState; reason: string | null; body: string }[]> {
  const rows = await query<{
    id: string;
    name: string;
    created_at: Date;
    state: LetterState;
    reason: string | null;
    body: string;
  }>(
    `select l.id::text as id, ch.name, l.created_at, l.state, l.reason, l.body
     from sponsor_letters l join children ch on ch.id = l.child_id
     where lower(l.sponsor_email) = lower($1) order by l.id desc limit 100`,
    [email],
  );
  return rows.map((row) => ({ ...row, child: firstName(row.name), createdAt: row.created_at }));
}

const LETTER_COLUMNS = `l.id::text as id, l.created_at, l.state, l.body, l.reason, l.confirmed,
  (l.photo is not null or l.photo_key is not null) as has_photo,
  l.reviewed_by, l.reviewed_at, l.delivered_at, s.sponsor_name, ch.id::text as child_id, ch.name as child_name`;

type StoredLetter = Omit<LetterRow, 'created_at' | 'reviewed_at' | 'delivered_at' | 'surnames'> & {
  created_at: Date;
  reviewed_at: Date | null;
  delivered_at: Date | null;
};

const asRow = (letter: StoredLetter): LetterRow => ({
  ...letter,
  created_at: letter.created_at.toISOString(),
  reviewed_at: letter.reviewed_at?.toISOString() ?? null,
  delivered_at: letter.delivered_at?.toISOString() ?? null,
  surnames: surnamesOf(letter.sponsor_name, letter.child_name),
});

/**
 * The letters in `state` for staff, oldest first (review is first come, first served), or every letter to the child
 * `childId` newest first; with counts of each state.
 */
export async function lettersFor(filter: { state: LetterState } | { childId: string }): Promise<LettersAnswer> {
  const byChild = 'childId' in filter;
  const [letters, counts] = await Promise.all([
    query<StoredLetter>(
      `select ${LETTER_COLUMNS} from sponsor_letters l
       join sponsorships s on s.id = l.sponsorship_id join children ch on ch.id = l.child_id
       where ${byChild ? 'l.child_id = $1' : 'l.state = $1'} order by l.id ${byChild ? 'desc' : ''} limit 200`,
      [byChild ? filter.childId : filter.state],
    ),
    query<{ state: LetterState; n: number }>(
      `select state, count(*)::int as n from sponsor_letters ${byChild ? 'where child_id = $1' : ''} group by state`,
      byChild ? [filter.childId] : [],
    ),
  ]);
  return {
    letters: letters.map(asRow),
    counts: Object.fromEntries(counts.map((row) => [row.state, row.n])),
  };
}

/** The photo of letter `id`, for staff. */
export async function letterPhoto(id: string): Promise<{ type: string; bytes: Buffer } | undefined> {
  const [row] = await query<{ photo_type: string; photo: Buffer | null; photo_key: string | null }>(
    'select photo_type, photo, photo_key from sponsor_letters where id = $1 and (photo is not null or photo_key is not null)',
    [id],
  );
  const bytes = row ? await letterPhotoBytes(row) : undefined;
  return row && bytes && { type: row.photo_type, bytes };
}

/** A letter's photo: in the blob store under `photo_key`, or (written before the blob store) in its row. */
export async function letterPhotoBytes(row: {
  photo: Buffer | null;
  photo_key: string | null;
}): Promise<Buffer | undefined> {
  if (row.photo) return row.photo;
  return row.photo_key ? readBlob(row.photo_key) : undefined;
}

/** Stores a letter's photo under a new random key; returns the key and the SHA-256 of its bytes. */
async function storeLetterPhoto(photo: Uint8Array, type: string): Promise<{ key: string; checksum: string }> {
  const key = `letters/${randomUUID()}`;
  const checksum = sha256(photo);
  await putBlob(key, photo, { name: 'letter-photo', contentType: type, size: photo.byteLength, sha256: checksum });
  return { key, checksum };
}

/** What a review decision came to. */
export type ReviewOutcome =
  { ok: true; letter: LetterRow } | { ok: false; status: 404 | 409; message: string; findings?: Finding[] };

/**
 * Approves letter `id` with `body` as staff left it, once every finding in it was removed or is among `confirmed`;
 * otherwise 409 with the findings still standing.
 */
export async function approveLetter(
  id: string,
  actor: string,
  body: string,
  confirmed: readonly string[],
): Promise<ReviewOutcome> {
  return transaction(async (tx): Promise<ReviewOutcome> => {
    const [letter] = await tx.query<StoredLetter>(
      `select ${LETTER_COLUMNS} from sponsor_letters l
       join sponsorships s on s.id = l.sponsorship_id join children ch on ch.id = l.child_id
       where l.id = $1 for update of l`,
      [id],
    );
    if (!letter) return { ok: false, status: 404, message: 'No such letter' };
    if (letter.state !== 'review') return { ok: false, status: 409, message: 'This letter is not waiting for review' };
    const standing = unconfirmed(screenLetter(body, surnamesOf(letter.sponsor_name, letter.child_name)), confirmed);
    if (standing.length > 0) {
      return {
        ok: false,
        status: 409,
        message: 'Remove or confirm what could reach the child or the sponsor',
        findings: standing,
      };
    }
    await tx.query(
      `update sponsor_letters set body = $2, confirmed = $3, state = 'approved', reviewed_by = $4, reviewed_at = now(),
         updated_at = now() where id = $1`,
      [id, body, confirmed, actor],
    );
    await audit(tx, 'admin.letters.review', actor, { id, outcome: 'approved' });
    return {
      ok: true,
      letter: asRow({
        ...letter,
        body,
        confirmed: [...confirmed],
        state: 'approved',
        reviewed_by: actor,
        reviewed_at: new Date(),
      }),
    };
  });
}

/** Asks the sponsor to change letter `id` (`outcome` changes) or declines it, and emails them `reason`. */
export async function returnLetter(
  id: string,
  actor: string,
  outcome: 'changes' | 'declined',
  reason: string,
): Promise<ReviewOutcome> {
  return transaction(async (tx): Promise<ReviewOutcome> => {
    const [letter] = await tx.query<StoredLetter & { sponsor_email: string; language: Locale }>(
      `update sponsor_letters l set state = $2, reason = $3, reviewed_by = $4, reviewed_at = now(), updated_at = now()
       from sponsorships s, children ch
       where l.id = $1 and l.state = 'review' and s.id = l.sponsorship_id and ch.id = l.child_id
       returning ${LETTER_COLUMNS}, l.sponsor_email, ${SPONSOR_LANGUAGE} as language`,
      [id, outcome, reason, actor],
    );
    if (!letter) return { ok: false, status: 409, message: 'This letter is not waiting for review' };
    const notice = letterReturnedNotice(
      { id, sponsorFirstName: firstName(letter.sponsor_name), child: firstName(letter.child_name) },
      outcome,
      reason,
      letter.language,
    );
    await enqueue(tx, {
      kind: 'message',
      dedupKey: `letter-${outcome}:${id}:${letter.reviewed_at?.toISOString() ?? ''}`,
      source: 'sponsor_letter',
      notice,
      recipients: [letter.sponsor_email],
    });
    await audit(tx, 'admin.letters.review', actor, { id, outcome });
    return { ok: true, letter: asRow(letter) };
  });
}

/** The approved letters as one PDF to print for the field visit, a page each; undefined when none is approved. */
export async function approvedLettersPdf(): Promise<{ pdf: Buffer; ids: string[] } | undefined> {
  const letters = await query<{
    id: string;
    created_at: Date;
    body: string;
    sponsor_name: string;
    child_name: string;
    photo: Buffer | null;
    photo_key: string | null;
    photo_type: string | null;
  }>(
    `select l.id::text as id, l.created_at, l.body, s.sponsor_name, ch.name as child_name, l.photo, l.photo_key,
       l.photo_type
     from sponsor_letters l join sponsorships s on s.id = l.sponsorship_id join children ch on ch.id = l.child_id
     where l.state = 'approved' order by ch.name, l.id limit 200`,
  );
  if (letters.length === 0) return undefined;
  for (const letter of letters) letter.photo = (await letterPhotoBytes(letter)) ?? null;
  const pdf = await render((doc) => {
    letters.forEach((letter, index) => {
      if (index > 0) doc.addPage();
      letterhead(doc, `A letter for ${firstName(letter.child_name)}`);
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor('#4b5563')
        .text(
          `From ${firstName(letter.sponsor_name)}, your sponsor · written ${letter.created_at.toISOString().slice(0, 10)} · letter ${letter.id}`,
        )
        .moveDown();
      doc.fillColor('#111827').fontSize(12).text(letter.body, { align: 'left' });
      if (letter.photo) {
        doc.moveDown();
        try {
          if (letter.photo_type !== 'image/jpeg' && letter.photo_type !== 'image/png') throw new Error('not printable');
          doc.image(letter.photo, { fit: [300, 300] });
        } catch {
          // PDFKit draws JPEG and PNG only, and refuses a damaged one: the page says so rather than the batch failing.
          doc.fontSize(10).fillColor('#4b5563').text('A photo came with this letter: print it from /samu.');
        }
      }
    });
  }, 'Letters for the field visit');
  return { pdf, ids: letters.map((letter) => letter.id) };
}

/** Marks the approved letters `ids` delivered; how many were. */
export async function markDelivered(ids: readonly string[], actor: string): Promise<number> {
  return transaction(async (tx) => {
    const done = await tx.query(
      `update sponsor_letters set state = 'delivered', delivered_by = $2, delivered_at = now(), updated_at = now()
       where id = any($1::bigint[]) and state = 'approved' returning id`,
      [ids, actor],
    );
    if (done.length > 0) await audit(tx, 'admin.letters.deliver', actor, { count: String(done.length) });
    return done.length;
  });
}
