/**
 * Money that reaches Paystack without the site: Paystack's published Virtual Terminal `charge.success` sample
 * (tests/fixtures/paystack/, only its reference and transaction id made unique to this run), signed as Paystack
 * signs it, is answered 200 and appears in /samu → Gifts as an unmatched gift; staff assign it to a donor and a
 * cause from the row's form, and the donor's receipt with its PDF reaches the run's SMTP server.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { staffList } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openTab, signIn, toast } from './support/dashboard.ts';
import { mailTo } from './support/mailbox.ts';
import { chargeSettles } from './support/checkout.ts';

const VIRTUAL_TERMINAL = readFileSync(
  new URL('../fixtures/paystack/charge.success-virtual-terminal.json', import.meta.url),
  'utf8',
);

test('an unmatched Virtual Terminal charge appears in Gifts; staff assign it to a cause and it is receipted', async ({
  page,
  request,
}) => {
  const reference = `T${randomInt(1e14, 1e14 + 2 ** 47)}`;
  const event = JSON.parse(VIRTUAL_TERMINAL) as { data: Record<string, unknown> };
  event.data['reference'] = reference;
  event.data['id'] = randomInt(1e9, 2e9);
  await chargeSettles(request, JSON.stringify(event), { reference, outcome: 'unmatched', state: 'unmatched' });

  await signIn(page, request);
  const panel = await openTab(page, 'Gifts');
  const assignName = `Assign gift ${reference} from an anonymous donor`;
  const assign = panel.getByRole('button', { name: assignName });
  // The inner locator of `has` is looked for inside each row, so it starts from the page, not from the panel.
  const row = panel.getByRole('row').filter({ has: page.getByRole('button', { name: assignName }) });
  await expect(row).toContainText('Unmatched (to assign)');
  await expect(row).toContainText('KES 100.00');
  await assign.click();

  const form = panel.getByRole('form', { name: `Assign the payment of KES 100.00 (${reference})` });
  await expect(form).toContainText("Paystack's Virtual Terminal (VT_68SBY77G)");
  await expect(form.getByLabel("Donor's name (blank: anonymous)")).toBeFocused();
  await expectNoAxeViolations(page);
  const email = `terminal-${randomBytes(4).toString('hex')}@example.org`;
  await form.getByLabel("Donor's name (blank: anonymous)").fill('Grace Muthoni');
  await form.getByLabel("Donor's email (for the receipt)").fill(email);
  await form.getByLabel('Cause').selectOption('water');
  await form.getByLabel('Note (the event, who took it…)').fill('Gala night');
  await form.getByRole('button', { name: 'Assign and receipt' }).click();

  await expect(toast(page)).toHaveText(/^Gift assigned, receipt R-\d{6}$/);
  const assigned = panel.getByRole('row', { name: new RegExp(email) });
  await expect(assigned).toContainText('Confirmed');
  await expect(assigned).toContainText('R-0');
  await expect(panel.getByRole('button', { name: new RegExp(`^Assign gift ${reference}`) })).toHaveCount(0);
  const gift = (
    await staffList<{ reference: string; state: string; cause: string; note: string }>(request, 'gifts')
  ).find((candidate) => candidate.reference === reference);
  expect(gift).toMatchObject({ state: 'confirmed', cause: 'water' });
  expect(gift!.note).toContain('Gala night');

  const [receipt] = await mailTo(email, (mail) => mail.subject.startsWith('Your receipt R-'));
  expect(receipt!.text).toContain('Amount: KES 100.00');
  expect(receipt!.text).toContain('Received from: Grace Muthoni');
  expect(receipt!.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
  expect(receipt!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
});
