import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import formChoices from '../../netlify/functions/form-choices.ts';
import { DEFAULT_PAYMENT_URL } from '../../src/lib/payment.ts';
import { context } from '../support/databases.ts';

/** The Donate page and the donation success page as the build writes them (form markup as React renders it). */
const PAGES: Record<string, string> = {
  '/donate/': `<!DOCTYPE html><html><head><title>Donate</title></head><body><astro-island uid="d" ssr client="visible">
<form class="form donation-form" method="post" action="/api/admin/track"><input type="hidden" name="form" value="donation_intent"/>
<fieldset><legend>Donation type</legend><input type="radio" name="type" value="one-time" checked=""/><input type="radio" name="type" value="monthly"/></fieldset>
<fieldset><legend>Cause</legend><input type="radio" name="cause" value="water"/><input type="radio" name="cause" value="general" checked=""/></fieldset>
<fieldset><legend>Amount</legend><input type="radio" name="amount" value="50" checked=""/><input type="radio" name="amount" value="100"/><input type="number" name="customAmount" value=""/></fieldset>
</form></astro-island></body></html>`,
  '/sent/donation/': `<!DOCTYPE html><html><body><a class="button" href="${DEFAULT_PAYMENT_URL}?campaign=donate-now&amp;source=donate-page" data-payment target="_blank">Continue to secure payment</a><a href="/donate/">Back</a></body></html>`,
};

let server: Server;
let site = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const page = PAGES[req.url ?? ''];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, form: string, base = site): Promise<Response> {
  return formChoices(new Request(`${base}${path}`), context('203.0.113.9', { params: { form } }));
}

describe('GET /api/choose/donation', () => {
  test('answers the Donate page with the frequency, the cause and a preset amount chosen', async () => {
    const res = await get('/api/choose/donation?type=monthly&amount=100&cause=water', 'donation');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<input type="radio" name="type" value="one-time">');
    expect(html).toContain('<input type="radio" name="type" value="monthly" checked="">');
    expect(html).toContain('<input type="radio" name="cause" value="water" checked="">');
    expect(html).toContain('<input type="radio" name="amount" value="100" checked="">');
    expect(html).toContain('<input type="radio" name="amount" value="50">');
    expect(html).not.toContain('Error');
  });

  test('puts an amount that is no preset in the typed amount, and ignores what is not a choice', async () => {
    const res = await get('/api/choose/donation?amount=75&type=yearly&cause=%3Cscript%3E&email=a@b.c', 'donation');
    const html = await res.text();
    expect(html).toContain('<input type="number" name="customAmount" value="75">');
    expect(html).toContain('<input type="radio" name="amount" value="50">');
    expect(html).toContain('<input type="radio" name="type" value="one-time" checked=""/>');
    expect(html).not.toContain('a@b.c');
    expect(html).not.toContain('<script');
  });

  test('leads to the static page, with the choices in its address, when the page cannot be loaded', async () => {
    const res = await get('/api/choose/donation?amount=100', 'donation', 'http://127.0.0.1:9');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/donate/?amount=100');
  });

  test('answers 404 for another form', async () => {
    expect((await get('/api/choose/contact', 'contact')).status).toBe(404);
  });
});

describe('GET /api/sent/donation', () => {
  test('answers the success page with every choice in the payment link, and only choices', async () => {
    const res = await get(
      '/api/sent/donation?amount=75&frequency=monthly&cause=water&source=evil&next=https://evil.example',
      'donation',
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    const href = /href="([^"]+)" data-payment/.exec(html)?.[1]?.replaceAll('&#38;', '&') ?? '';
    const link = new URL(href);
    expect(link.origin + link.pathname).toBe(DEFAULT_PAYMENT_URL);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      campaign: 'donate-now',
      source: 'donate-page',
      amount: '75',
      frequency: 'monthly',
      cause: 'water',
    });
    expect(html).toContain('<a href="/donate/">Back</a>');
  });

  test('answers 405 to a post', async () => {
    const res = await formChoices(
      new Request(`${site}/api/sent/donation`, { method: 'POST' }),
      context('203.0.113.9', { params: { form: 'donation' } }),
    );
    expect(res.status).toBe(405);
  });
});
