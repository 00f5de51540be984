import { describe, expect, test } from 'vitest';
import { isTokenUnexpired, msUntilExpiry, tokenExpiry } from '../../src/admin/lib/token.ts';

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('tokenExpiry', () => {
  test('reads the exp claim of a JWT', () => {
    expect(tokenExpiry(jwt({ sub: 'staff', exp: 1_735_740_000 }))).toBe(1_735_740_000);
  });

  test('reads base64url payloads that need padding and hold non-ASCII text', () => {
    expect(tokenExpiry(jwt({ sub: 'Zoë Wanjirũ', exp: 1 }))).toBe(1);
  });

  test('gives null for garbage, a missing exp or a non-numeric exp', () => {
    expect(tokenExpiry('garbage')).toBeNull();
    expect(tokenExpiry('a.b.c')).toBeNull();
    expect(tokenExpiry(jwt({ sub: 'staff' }))).toBeNull();
    expect(tokenExpiry(jwt({ exp: '2030' }))).toBeNull();
  });
});

describe('isTokenUnexpired', () => {
  test('accepts a token that expires later', () => {
    expect(isTokenUnexpired(jwt({ exp: NOW / 1000 + 60 }), NOW)).toBe(true);
  });

  test('refuses an expired token, one expiring this instant, garbage and nothing', () => {
    expect(isTokenUnexpired(jwt({ exp: NOW / 1000 - 1 }), NOW)).toBe(false);
    expect(isTokenUnexpired(jwt({ exp: NOW / 1000 }), NOW)).toBe(false);
    expect(isTokenUnexpired('not-a-token', NOW)).toBe(false);
    expect(isTokenUnexpired(null, NOW)).toBe(false);
    expect(isTokenUnexpired('', NOW)).toBe(false);
  });
});

describe('msUntilExpiry', () => {
  test('counts down to the expiry and never below zero', () => {
    expect(msUntilExpiry(jwt({ exp: NOW / 1000 + 90 }), NOW)).toBe(90_000);
    expect(msUntilExpiry(jwt({ exp: NOW / 1000 - 90 }), NOW)).toBe(0);
    expect(msUntilExpiry('garbage', NOW)).toBe(0);
  });
});
