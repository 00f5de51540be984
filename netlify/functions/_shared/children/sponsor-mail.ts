/**
 * The emails a sponsor gets about the child they sponsor (news published, a letter back, their own letter returned
 * by staff), in the sponsor's language: the fixed words around them follow it, while what staff wrote (a reason for
 * returning a letter) goes as written.
 */
import { translator, type Locale } from '../../../../src/i18n/catalogue.ts';
import { localePath } from '../../../../src/i18n/paths.ts';
import { siteUrl } from '../platform/outbox.ts';

/**
 * SQL for the language of the sponsorship aliased `s`: that of its commitment (the page the sponsor gave from), else
 * of the gift that started it, else English (a sponsor staff recorded by hand used no page).
 */
export const SPONSOR_LANGUAGE = `coalesce(
  (select c.language from commitments c where c.sponsorship_id = s.id order by c.id desc limit 1),
  (select g.language from gifts g
   where g.id = (case when s.gift_ref ~ '^[0-9]{1,18}$' then s.gift_ref::bigint end) or g.reference = s.gift_ref
   limit 1),
  'en')`;

const SIGNATURE = "Tumaini Children's Foundation";

const myGiving = (language: Locale) => `${siteUrl()}${localePath(language, '/my-giving/')}`;

/**
 * The email about new news: it names the child by first name and sends the sponsor to My giving, where the news is
 * shown under the consent of the day they read it. The news itself is not in the email, which could not be taken
 * back if the guardian withdrew their consent.
 */
export function newsNotice(
  sponsorName: string,
  child: string,
  childId: string,
  kind: 'news' | 'reply',
  language: Locale = 'en',
) {
  const t = translator(language);
  return {
    subject: t(kind === 'reply' ? 'mail.news.subject.reply' : 'mail.news.subject.news', { child }),
    body: [
      t('email.dear', { name: sponsorName }),
      '',
      t(kind === 'reply' ? 'mail.news.reply' : 'mail.news.news', { child }),
      myGiving(language),
      '',
      t('mail.news.stop', { child }),
      '',
      t('mail.withThanks'),
      SIGNATURE,
    ].join('\n'),
    resource: 'children' as const,
    recordId: childId,
  };
}

/** The email returning a sponsor's letter to `child` with staff's `reason`, which is quoted as staff wrote it. */
export function letterReturnedNotice(
  letter: { id: string; sponsorFirstName: string; child: string },
  outcome: 'changes' | 'declined',
  reason: string,
  language: Locale = 'en',
) {
  const t = translator(language);
  const { child } = letter;
  const link = myGiving(language);
  return {
    subject: t(outcome === 'changes' ? 'mail.letter.subject.changes' : 'mail.letter.subject.declined', { child }),
    body: [
      t('email.dear', { name: letter.sponsorFirstName }),
      '',
      t(outcome === 'changes' ? 'mail.letter.changes' : 'mail.letter.declined', { child }),
      '',
      reason,
      '',
      t(outcome === 'changes' ? 'mail.letter.changeIt' : 'mail.letter.writeNew', { link }),
      '',
      t('mail.withThanks'),
      SIGNATURE,
    ].join('\n'),
    resource: 'letters' as const,
    recordId: letter.id,
  };
}
