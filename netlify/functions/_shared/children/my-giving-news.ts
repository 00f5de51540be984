/**
 * The news of the children a donor sponsors, on their My giving page: each update as the guardian's consent of today
 * allows (child-updates.ts decides), its pictures served only to that sponsor, and the button that stops or starts
 * the emails about it. Plain HTML that works with JavaScript off.
 */
import { translator, type Locale, type MessageKey, type Translate } from '../../../../src/i18n/catalogue.ts';
import { dateLocale } from '../../../../src/i18n/dates.ts';
import { MAX_LETTER_CHARACTERS, type LetterState } from '../../../../src/schemas/letters.ts';
import { escapeHtml } from '../platform/html-page.ts';
import { type SponsoredChildNews, type SponsorUpdate, sponsorNews } from './child-updates.ts';
import { sponsorLetters } from './sponsor-letters.ts';

/** A date as the page's language writes it: the news's day (UTC) or a letter's (Nairobi). */
const dateFormat = (language: Locale, timeZone: 'UTC' | 'Africa/Nairobi') =>
  new Intl.DateTimeFormat(dateLocale(language), { day: 'numeric', month: 'long', year: 'numeric', timeZone });

/** The page's language: its `t`, and its dates of news and of letters. */
type Words = { t: Translate; day: Intl.DateTimeFormat; written: Intl.DateTimeFormat };

const LETTER_STATES: Readonly<Record<LetterState, MessageKey>> = {
  review: 'myGiving.news.letterState.review',
  changes: 'myGiving.news.letterState.changes',
  approved: 'myGiving.news.letterState.approved',
  declined: 'myGiving.news.letterState.declined',
  delivered: 'myGiving.news.letterState.delivered',
};

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((part) => `<p>${escapeHtml(part.trim()).replaceAll('\n', '<br>')}</p>`)
    .join('');

function progressHtml(progress: NonNullable<SponsorUpdate['progress']>, { t }: Words): string {
  const rows = [
    [t('myGiving.news.school'), progress.school ?? ''],
    [t('myGiving.news.class'), progress.grade],
    [t('myGiving.news.attendance'), progress.attendance],
    [t('myGiving.news.achievements'), progress.achievements.join(', ')],
  ].filter(([, value]) => value);
  if (rows.length === 0) return '';
  return `<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term!)}</dt><dd>${escapeHtml(value!)}</dd>`).join('')}</dl>`;
}

function updateHtml(update: SponsorUpdate, child: string, words: Words): string {
  const { t, day } = words;
  const photos = Array.from(
    { length: update.photoCount },
    (_, index) =>
      `<img src="/my-giving/news/${escapeHtml(update.id)}/photos/${index}" alt="${escapeHtml(t('myGiving.news.photoAlt', { child }))}" loading="lazy">`,
  ).join('');
  const date = day.format(new Date(`${update.updateOn}T00:00:00Z`));
  const heading = update.kind === 'reply' ? t('myGiving.news.letterFrom', { child, date }) : date;
  return (
    `<article><h4>${escapeHtml(heading)}</h4>` +
    `${paragraphs(update.body)}${photos}${update.progress ? progressHtml(update.progress, words) : ''}</article>`
  );
}

function childHtml(news: SponsoredChildNews, words: Words): string {
  const { t } = words;
  const child = news.child;
  const emails = news.updateEmails
    ? { value: 'off', label: t('myGiving.news.stopEmails', { child }) }
    : { value: 'on', label: t('myGiving.news.startEmails', { child }) };
  return [
    `<section class="news"><h3>${escapeHtml(child)}</h3>`,
    news.updates.length > 0
      ? news.updates.map((update) => updateHtml(update, child, words)).join('')
      : `<p>${escapeHtml(t('myGiving.news.none', { child }))}</p>`,
    `<form class="inline" method="post" action="/my-giving/sponsorships/${escapeHtml(news.sponsorshipId)}/news-emails">`,
    `<input type="hidden" name="emails" value="${emails.value}"><button type="submit" class="secondary">${escapeHtml(emails.label)}</button></form>`,
    news.updateEmails ? '' : `<p class="note">${escapeHtml(t('myGiving.news.emailsOff', { child }))}</p>`,
    letterForm(news, t),
    '</section>',
  ].join('\n');
}

/** The form that writes to the child: text and an optional photo, posted as it is (JavaScript off works). */
function letterForm(news: SponsoredChildNews, t: Translate): string {
  const id = `letter-${escapeHtml(news.sponsorshipId)}`;
  const child = news.child;
  return [
    `<form method="post" enctype="multipart/form-data" action="/my-giving/sponsorships/${escapeHtml(news.sponsorshipId)}/letters">`,
    `<h4>${escapeHtml(t('myGiving.news.writeTo', { child }))}</h4>`,
    `<p class="note">${escapeHtml(t('myGiving.news.writeNote', { child }))}</p>`,
    `<label for="${id}-body">${escapeHtml(t('myGiving.news.yourLetter'))}</label><textarea id="${id}-body" name="body" rows="6" maxlength="${MAX_LETTER_CHARACTERS}" required></textarea>`,
    `<label for="${id}-photo">${escapeHtml(t('myGiving.news.photo'))}</label><input id="${id}-photo" name="photo" type="file" accept="image/jpeg,image/png,image/webp,image/gif">`,
    `<button type="submit">${escapeHtml(t('myGiving.news.send', { child }))}</button></form>`,
  ].join('\n');
}

/** The sponsor's own letters and where each stands; one asked to be changed can be changed here. */
async function lettersHtml(email: string, { t, written }: Words): Promise<string> {
  const letters = await sponsorLetters(email);
  if (letters.length === 0) return '';
  const items = letters.map((letter) => {
    const change =
      letter.state === 'changes'
        ? [
            `<form method="post" action="/my-giving/letters/${escapeHtml(letter.id)}/revise">`,
            `<label for="revise-${escapeHtml(letter.id)}">${escapeHtml(t('myGiving.news.changedLetter'))}</label>`,
            `<textarea id="revise-${escapeHtml(letter.id)}" name="body" rows="6" maxlength="${MAX_LETTER_CHARACTERS}" required>${escapeHtml(letter.body)}</textarea>`,
            `<button type="submit">${escapeHtml(t('myGiving.news.sendChanged'))}</button></form>`,
          ].join('')
        : '';
    return (
      `<li class="letter"><strong>${escapeHtml(t('myGiving.news.letterTo', { child: letter.child, date: written.format(letter.createdAt), state: t(LETTER_STATES[letter.state]) }))}</strong>` +
      `${letter.reason ? `<p>${escapeHtml(letter.reason)}</p>` : ''}${change}</li>`
    );
  });
  return `<h3>${escapeHtml(t('myGiving.news.lettersHeading'))}</h3><ul class="files">${items.join('')}</ul>`;
}

/** The news section of `email`'s My giving page in `language`, with their letters; empty when they sponsor no child. */
export async function newsHtml(email: string, language: Locale = 'en'): Promise<string> {
  const words: Words = {
    t: translator(language),
    day: dateFormat(language, 'UTC'),
    written: dateFormat(language, 'Africa/Nairobi'),
  };
  const [children, letters] = await Promise.all([sponsorNews(email), lettersHtml(email, words)]);
  if (children.length === 0 && !letters) return '';
  return [
    `<h2>${escapeHtml(words.t('myGiving.news.heading'))}</h2>`,
    ...children.map((news) => childHtml(news, words)),
    letters,
  ].join('\n');
}
