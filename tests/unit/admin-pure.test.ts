import { SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  ISSUER,
  SecretNotConfiguredError,
  TOKEN_KINDS,
  signToken,
  verifyToken,
} from '../../netlify/functions/_shared/platform/auth.ts';
import { detectFileType, safeFileName } from '../../netlify/functions/_shared/content/file-types.ts';
import {
  checkLogin,
  dummyHash,
  hashPassword,
  verifyPassword,
} from '../../netlify/functions/_shared/platform/passwords.ts';
import { BlogPostSchema, LoginSchema, MediaSchema, ProgramSchema } from '../../src/schemas/admin.ts';
import { bytesOf } from '../support/admin.ts';

const SECRET = 'test-secret-that-is-long-enough-0123456789';

describe('passwords', () => {
  test('stores an argon2id hash that verifies only the same password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  test('salts each hash differently', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  test('checks an unknown user against a hash of the same cost as a real one, then refuses', async () => {
    // Equal cost is what makes both answers take the same time; bench:admin prints the timings themselves.
    const costOf = (phc: string) => phc.split('$')[3];
    expect(costOf(await dummyHash)).toBe(costOf(await hashPassword('pw-known-user')));
    expect(await checkLogin('any password', undefined)).toBe(false);
  });

  test('treats an unreadable stored hash as a wrong password', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});

describe('tokens', () => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env['JWT_SECRET'];
    process.env['JWT_SECRET'] = SECRET;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env['JWT_SECRET'];
    else process.env['JWT_SECRET'] = saved;
  });

  const key = () => new TextEncoder().encode(SECRET);
  const SID = '00000000-0000-4000-8000-000000000000';

  test('round-trips the username and session of a session token', async () => {
    expect(await verifyToken(await signToken('Staff', SID))).toEqual({ username: 'Staff', sessionId: SID });
  });

  test('keeps session and stream tokens apart', async () => {
    expect(await verifyToken(await signToken('staff', SID, 'stream'), 'session')).toBeNull();
    expect(await verifyToken(await signToken('staff', SID, 'session'), 'stream')).toBeNull();
    expect(await verifyToken(await signToken('staff', SID, 'stream'), 'stream')).toEqual({
      username: 'staff',
      sessionId: SID,
    });
  });

  test('refuses a token that names no session', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('staff')
      .setIssuer(ISSUER)
      .setAudience(TOKEN_KINDS.session.audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key());
    expect(await verifyToken(token)).toBeNull();
  });

  test('refuses malformed, badly signed, alg none, other algorithms, expired and foreign tokens', async () => {
    const base = () =>
      new SignJWT({ sid: SID }).setSubject('staff').setIssuer(ISSUER).setAudience(TOKEN_KINDS.session.audience);
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      'not-a-jwt',
      '',
      await base()
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('x'.repeat(40))),
      new UnsecuredJWT({
        sub: 'staff',
        iss: ISSUER,
        aud: TOKEN_KINDS.session.audience,
        iat: now,
        exp: now + 3600,
      }).encode(),
      await base().setProtectedHeader({ alg: 'HS512' }).setIssuedAt().setExpirationTime('1h').sign(key()),
      await base()
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(now - 9 * 3600)
        .setExpirationTime(now - 3600)
        .sign(key()),
      await base().setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(key()),
      await new SignJWT({ sid: SID })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('staff')
        .setIssuer('someone-else')
        .setAudience(TOKEN_KINDS.session.audience)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key()),
      await new SignJWT({ sid: SID })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('staff')
        .setIssuer(ISSUER)
        .setAudience('another-app')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key()),
    ];
    for (const token of refused) expect(await verifyToken(token)).toBeNull();
  });

  test('refuses to work with a missing or short secret', async () => {
    delete process.env['JWT_SECRET'];
    await expect(signToken('staff', SID)).rejects.toBeInstanceOf(SecretNotConfiguredError);
    process.env['JWT_SECRET'] = 'x'.repeat(31);
    await expect(verifyToken('a.b.c')).rejects.toBeInstanceOf(SecretNotConfiguredError);
  });
});

describe('file types', () => {
  test('recognises each accepted type by its bytes', () => {
    for (const [kind, mime] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['gif', 'image/gif'],
      ['webp', 'image/webp'],
      ['avif', 'image/avif'],
      ['pdf', 'application/pdf'],
    ] as const) {
      expect(detectFileType(bytesOf(kind))?.mime).toBe(mime);
    }
  });

  test('refuses SVG, HTML, HEIC and empty files', () => {
    expect(detectFileType(bytesOf('svg'))).toBeNull();
    expect(detectFileType(new TextEncoder().encode('<!doctype html><script>alert(1)</script>'))).toBeNull();
    const heic = bytesOf('avif');
    heic.set(new TextEncoder().encode('heic'), 8);
    heic.set(new TextEncoder().encode('mif1'), 16);
    expect(detectFileType(heic)).toBeNull();
    expect(detectFileType(new Uint8Array())).toBeNull();
  });

  test('makes a safe name carrying the detected extension', () => {
    expect(safeFileName('Annual Report 2025.PDF', 'png')).toBe('annual-report-2025.png');
    expect(safeFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(safeFileName('Ünïcödé.jpg', 'jpg')).toBe('unicode.jpg');
    expect(safeFileName('', 'gif')).toBe('file.gif');
    expect(safeFileName(`${'a'.repeat(300)}.png`, 'png')).toHaveLength(100);
  });
});

describe('admin schemas', () => {
  test('requires a title and a well-formed slug', () => {
    expect(ProgramSchema.safeParse({ title: 'Clinics', slug: 'mobile-clinics' }).success).toBe(true);
    for (const slug of ['', 'Upper', 'two--hyphens', '-edge', 'spa ce', 'x'.repeat(121)]) {
      expect(BlogPostSchema.safeParse({ title: 'T', slug }).success).toBe(false);
    }
    const missing = ProgramSchema.safeParse({ slug: 'a' });
    expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['title']);
  });

  test('bounds lengths and refuses script URLs', () => {
    expect(ProgramSchema.safeParse({ title: 'x'.repeat(201), slug: 'a' }).success).toBe(false);
    expect(ProgramSchema.safeParse({ title: 'T', slug: 'a', image: 'javascript:alert(1)' }).success).toBe(false);
    expect(ProgramSchema.safeParse({ title: 'T', slug: 'a', image: '//evil.example/x.png' }).success).toBe(false);
    expect(ProgramSchema.safeParse({ title: 'T', slug: 'a', image: '/media/1/a.png' }).success).toBe(true);
  });

  test('wants media meta to be a JSON object', () => {
    expect(MediaSchema.safeParse({ name: 'n', url: '/media/1/a.png', meta: { alt: 'A child' } }).success).toBe(true);
    expect(MediaSchema.safeParse({ name: 'n', url: '/media/1/a.png' }).data?.meta).toEqual({});
    for (const meta of [[1], 'text', null, 3]) {
      expect(MediaSchema.safeParse({ name: 'n', url: '/x', meta }).success).toBe(false);
    }
    expect(MediaSchema.safeParse({ name: 'n', url: '' }).success).toBe(false);
  });

  test('keeps password spaces and trims the username', () => {
    expect(LoginSchema.parse({ username: ' staff ', password: ' pw ' })).toEqual({
      username: 'staff',
      password: ' pw ',
    });
  });
});
