/**
 * Password hashing with argon2id from node:crypto (Node 24.7+), stored as a PHC string
 * (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`) so other argon2 tools can read it and the cost can be
 * raised later without breaking existing hashes.
 */
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 9106's second recommended option: 64 MiB, 3 passes, 4 lanes: the cost of every hash the functions and scripts make. */
export const PASSWORD_COST: Cost = { memory: 65_536, passes: 3, parallelism: 4 };
const SALT_BYTES = 16;
const TAG_BYTES = 32;
const PHC = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** An argon2id cost; a stored hash names its own, and is checked at it. */
export interface Cost {
  memory: number;
  passes: number;
  parallelism: number;
}

function derive(password: string, salt: Buffer, cost: Cost, tagLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2('argon2id', { message: password, nonce: salt, tagLength, ...cost }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** Hashes a password into a PHC string with a fresh random salt, at {@link PASSWORD_COST} unless told otherwise. */
export async function hashPassword(password: string, cost: Cost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const tag = await derive(password, salt, cost, TAG_BYTES);
  return `$argon2id$v=19$m=${cost.memory},t=${cost.passes},p=${cost.parallelism}$${b64(salt)}$${b64(tag)}`;
}

/** True when `password` matches `stored`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const [, m, t, p, salt, hash] = match as unknown as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const cost = { memory: Number(m), passes: Number(t), parallelism: Number(p) };
  const actual = await derive(password, Buffer.from(salt, 'base64'), cost, expected.length);
  return timingSafeEqual(actual, expected);
}

/** A throw-away hash at full cost, checked for unknown users; started at load so the first one costs the same too. */
export const dummyHash: Promise<string> = hashPassword(randomBytes(18).toString('base64'));

/**
 * Checks a password against an account's hash, or against a throw-away hash when there is no such
 * account, so an unknown user and a wrong password take about the same time.
 */
export async function checkLogin(password: string, stored: string | undefined): Promise<boolean> {
  if (stored === undefined) {
    await verifyPassword(password, await dummyHash);
    return false;
  }
  return verifyPassword(password, stored);
}
