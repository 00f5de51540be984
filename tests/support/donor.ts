/** A donor signed in to My giving, for tests that call its handler directly. */
import { createHash, randomBytes } from 'node:crypto';
import { query, transaction } from '../../netlify/functions/_shared/platform/db.ts';
import { useSignInLink } from '../../netlify/functions/_shared/gifts/donor-sessions.ts';

/** A signed-in donor session for `email` (a link made and used as the emailed one would be); its cookie. */
export async function donorSessionCookie(email: string): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await query(
    `insert into donor_sign_in_links (token_hash, email, expires_at) values ($1, $2, now() + interval '30 minutes')`,
    [createHash('sha256').update(secret).digest('hex'), email],
  );
  const used = await transaction((tx) => useSignInLink(tx, { email, token: secret }));
  if (!used.ok) throw new Error(used.reason);
  return `tcf_giving=${used.secret}`;
}
