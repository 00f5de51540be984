/**
 * A donor who asks for their My giving sign-in link in Kiswahili (the form of /sw/my-giving posts `language=sw`) gets
 * it in Kiswahili at the run's real SMTP server, pointing to the Kiswahili My giving, and the link signs them in.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { staffToken } from './support/api.ts';
import { mailTo } from './support/mailbox.ts';

// A donor on a network of their own: sign-in links are limited per network, and other specs ask for theirs too.
test.use({ extraHTTPHeaders: { 'x-test-client-ip': '198.51.100.48' } });

test('a sign-in link asked for in Kiswahili arrives in Kiswahili, opens Kiswahili pages and signs the donor in', async ({
  page,
  request,
}) => {
  const email = `mchango-${randomBytes(4).toString('hex')}@example.org`;
  const gift = await request.post('/api/admin/gifts', {
    headers: { authorization: `Bearer ${await staffToken(request)}` },
    data: { amount: 20, currency: 'USD', method: 'cheque', cause: 'water', donorName: 'Amina Test', donorEmail: email },
  });
  expect(gift.status()).toBe(201);

  // What the Kiswahili page's form sends, its hidden language field included.
  const asked = await request.post('/api/my-giving/link', { form: { email, language: 'sw' }, maxRedirects: 0 });
  expect(asked.status()).toBe(303);
  expect(asked.headers()['location']).toBe('/sw/my-giving/sent/');

  const [mail] = await mailTo(email, (candidate) => candidate.subject.startsWith('Kiungo chako cha Michango Yangu'));
  expect(mail!.text).toContain('Fungua kiungo hiki ili uingie kwenye Michango Yangu:');
  expect(mail!.text).toMatch(/Michango Yangu: https?:\/\/\S+\/sw\/my-giving\//);
  expect(mail!.text).not.toMatch(/Hello|Open this link|My giving:/);

  const link = /https?:\/\/\S+\/my-giving\/sign-in\?\S+/.exec(mail!.text)?.[0];
  expect(link).toBeDefined();
  expect(new URL(link!).searchParams.get('lang')).toBe('sw');
  await page.goto(link!);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByRole('heading', { level: 1, name: 'Ingia kwenye Michango Yangu' })).toBeVisible();
  await page.getByRole('button', { name: 'Ingia' }).click();
  await expect(page).toHaveURL(/\/my-giving\/account$/);
});
