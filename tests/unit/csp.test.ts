import { describe, expect, test } from 'vitest';
import { contentSecurityPolicy, cspDirectives, MAP_TILE_URL } from '../../src/lib/csp.ts';

describe('content security policy', () => {
  test('allows forms to post only to the site and the payment page origin', () => {
    const directives = cspDirectives('https://pay.example.com/charity/donate?x=1');
    expect(directives).toContain("form-action 'self' https://pay.example.com");
    expect(directives).toContain("default-src 'none'");
    expect(directives).toContain("object-src 'none'");
    expect(directives).toContain("base-uri 'none'");
  });

  test("also lets a form's redirect land on the checkout and PayPal origins, each once", () => {
    const directives = cspDirectives('https://pay.example.com', [
      'https://checkout.paystack.com',
      'https://www.paypal.com/donate/?x=1',
      'https://pay.example.com/other',
    ]);
    expect(directives).toContain(
      "form-action 'self' https://pay.example.com https://checkout.paystack.com https://www.paypal.com",
    );
  });

  test('lets images come from the site, data: and the map tiles host only', () => {
    const img = cspDirectives('https://pay.example.com').find((directive) => directive.startsWith('img-src'));
    expect(img).toBe(`img-src 'self' data: ${new URL(MAP_TILE_URL.replaceAll(/[{}]/g, '')).origin}`);
  });

  test('never allows inline code or eval', () => {
    const policy = JSON.stringify(contentSecurityPolicy('https://pay.example.com'));
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*/);
  });
});
