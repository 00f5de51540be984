/**
 * The news of the children a donor sponsors, on their My giving page: each update as the guardian's consent of today
 * allows (child-updates.ts decides), its pictures served only to that sponsor, and the button that stops or starts
 * the emails about it. Plain HTML that works with JavaScript off.
 */
import { escapeHtml } from './html-page.ts';
import { type SponsoredChildNews, type SponsorUpdate, sponsorNews } from './child-updates.ts';

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
    `<article><h4>${escapeHtml(DAY.format(new Date(`${update.updateOn}T00:00:00Z`)))}</h4>` +
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
    '</section>',
  ].join('\n');
}

/** The news section of `email`'s My giving page; empty when they sponsor no child. */
export async function newsHtml(email: string): Promise<string> {
  const children = await sponsorNews(email);
  if (children.length === 0) return '';
  return ['<h2>News from the child you sponsor</h2>', ...children.map(childHtml)].join('\n');
}
