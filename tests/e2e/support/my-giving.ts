/** Signing in to My giving in a browser test, as a donor does: a link asked for on /my-giving, read at the SMTP sink. */
import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { mailTo } from './mailbox.ts';

/** Asks for a link on /my-giving and returns the link the email brought; `axe` checks the page (JavaScript on only). */
export async function askForLink(page: Page, email: string, axe = true): Promise<string> {
  await page.goto('/my-giving');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My giving');
  if (axe) await expectNoAxeViolations(page);
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page).toHaveURL(/\/my-giving\/sent\/$/);
  await expect(page.getByText('we have sent it a link to sign in to My giving')).toBeVisible();
  const [mail] = await mailTo(email, (candidate) => candidate.subject.startsWith('Your link to My giving'));
  const link = /https?:\/\/\S+\/my-giving\/sign-in\?\S+/.exec(mail!.text)?.[0];
  expect(link).toBeDefined();
  return link!;
}

/** Signs in to My giving through an emailed link, in `page`. */
export async function signInAs(page: Page, email: string): Promise<void> {
  const link = await askForLink(page, email, false);
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/my-giving\/account$/);
}
