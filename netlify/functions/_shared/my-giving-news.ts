/**
 * The news of the children a donor sponsors, on their My giving page: each update as the guardian's consent of today
 * allows (child-updates.ts decides), its pictures served only to that sponsor, and the button that stops or starts
 * the emails about it. Plain HTML that works with JavaScript off.
 */
import { LETTER_STATE_LABELS, MAX_LETTER_CHARACTERS } from '../../../src/schemas/letters.ts';
import { escapeHtml } from './html-page.ts';
import { type SponsoredChildNews, type SponsorUpdate, sponsorNews } from './child-updates.ts';
import { sponsorLetters } from './sponsor-letters.ts';

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((part) => `<p>${escapeHtml(part.trim()).replaceAll('\n', '<br>')}</p>`)
    .join('');

function progressHtml(progress: NonNullable<SponsorUpdate['progress']>): string {
  const rows = [
    ['School', progress.school ?? ''],
    ['Class', progress.grade],
    ['Attendance', progress.attendance],
    ['Achievements', progress.achievements.join(', ')],
  ].filter(([, value]) => value);
  if (rows.length === 0) return '';
  return `<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term!)}</dt><dd>${escapeHtml(value!)}</dd>`).join('')}</dl>`;
}

function updateHtml(update: SponsorUpdate, child: string): string {
  const photos = Array.from(
    { length: update.photoCount },
    (_, index) =>
      `<img src="/my-giving/news/${escapeHtml(update.id)}/photos/${index}" alt="${escapeHtml(`${child}, in a picture from this news`)}" loading="lazy">`,
  ).join('');
  return (
    `<article><h4>${update.kind === 'reply' ? `A letter from ${escapeHtml(child)}, ` : ''}${escapeHtml(DAY.format(new Date(`${update.updateOn}T00:00:00Z`)))}</h4>` +
    `${paragraphs(update.body)}${photos}${update.progress ? progressHtml(update.progress) : ''}</article>`
  );
}

function childHtml(news: SponsoredChildNews): string {
  const emails = news.updateEmails
    ? { value: 'off', label: `Stop emails about ${news.child}'s news` }
    : { value: 'on', label: `Email me when there is news from ${news.child}` };
  return [
    `<section class="news"><h3>${escapeHtml(news.child)}</h3>`,
    news.updates.length > 0
      ? news.updates.map((update) => updateHtml(update, news.child)).join('')
      : `<p>No news yet. We write to you about ${escapeHtml(news.child)} at least twice a year.</p>`,
    `<form class="inline" method="post" action="/my-giving/sponsorships/${escapeHtml(news.sponsorshipId)}/news-emails">`,
    `<input type="hidden" name="emails" value="${emails.value}"><button type="submit" class="secondary">${escapeHtml(emails.label)}</button></form>`,
    news.updateEmails
      ? ''
      : `<p class="note">We no longer email you about ${escapeHtml(news.child)}'s news; it still appears here, and your sponsorship goes on.</p>`,
    letterForm(news),
    '</section>',
  ].join('\n');
}

/** The form that writes to the child: text and an optional photo, posted as it is (JavaScript off works). */
function letterForm(news: SponsoredChildNews): string {
  const id = `letter-${escapeHtml(news.sponsorshipId)}`;
  return [
    `<form method="post" enctype="multipart/form-data" action="/my-giving/sponsorships/${escapeHtml(news.sponsorshipId)}/letters">`,
    `<h4>Write to ${escapeHtml(news.child)}</h4>`,
    `<p class="note">Our staff read every letter before we take it to ${escapeHtml(news.child)} on our next visit. To keep children safe, leave out surnames, addresses, phone numbers, emails, websites and social media.</p>`,
    `<label for="${id}-body">Your letter</label><textarea id="${id}-body" name="body" rows="6" maxlength="${MAX_LETTER_CHARACTERS}" required></textarea>`,
    `<label for="${id}-photo">A photo to send with it (optional, at most 4 MB)</label><input id="${id}-photo" name="photo" type="file" accept="image/jpeg,image/png,image/webp,image/gif">`,
    `<button type="submit">Send my letter to ${escapeHtml(news.child)}</button></form>`,
  ].join('\n');
}

const WRITTEN = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Nairobi',
});

/** The sponsor's own letters and where each stands; one asked to be changed can be changed here. */
async function lettersHtml(email: string): Promise<string> {
  const letters = await sponsorLetters(email);
  if (letters.length === 0) return '';
  const items = letters.map((letter) => {
    const change =
      letter.state === 'changes'
        ? [
            `<form method="post" action="/my-giving/letters/${escapeHtml(letter.id)}/revise">`,
            `<label for="revise-${escapeHtml(letter.id)}">Your changed letter</label>`,
            `<textarea id="revise-${escapeHtml(letter.id)}" name="body" rows="6" maxlength="${MAX_LETTER_CHARACTERS}" required>${escapeHtml(letter.body)}</textarea>`,
            '<button type="submit">Send the changed letter</button></form>',
          ].join('')
        : '';
    return (
      `<li class="letter"><strong>To ${escapeHtml(letter.child)}, ${escapeHtml(WRITTEN.format(letter.createdAt))}: ${escapeHtml(LETTER_STATE_LABELS[letter.state])}</strong>` +
      `${letter.reason ? `<p>${escapeHtml(letter.reason)}</p>` : ''}${change}</li>`
    );
  });
  return `<h3>Your letters</h3><ul class="files">${items.join('')}</ul>`;
}

/** The news section of `email`'s My giving page, with their letters; empty when they sponsor no child. */
export async function newsHtml(email: string): Promise<string> {
  const [children, letters] = await Promise.all([sponsorNews(email), lettersHtml(email)]);
  if (children.length === 0 && !letters) return '';
  return ['<h2>News from the child you sponsor</h2>', ...children.map(childHtml), letters].join('\n');
}
