/**
 * Recent Activity in sentences: what happened, who did it and to whom, as staff would say it ("Grace Wanjiru's gift
 * of $40.00 was confirmed by Paystack", "Amina replied to Juma's application"). Pure: it reads the event's type, its
 * payload and `about` (the people the server looked up as it read the event, see event-about.ts).
 */
import { methodName, receiptLabel } from '../lib/gift-labels.ts';
import { applicationForName, causeTitle, childName } from '../lib/plain-names.ts';

/** An event as the list and the stream give it. */
export type ActivityEvent = Readonly<Record<string, unknown>> & {
  readonly type?: unknown;
  readonly payload?: unknown;
  readonly about?: unknown;
};

type Fields = Readonly<Record<string, unknown>>;

const fields = (value: unknown): Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};

const str = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** A code as words: 'password_change' → 'password change'. */
const words = (code: string) => code.replaceAll(/[._-]+/g, ' ').trim();

/** The sentence with its first letter a capital, unless it starts with an email address. */
const capital = (sentence: string) =>
  /^\S+@/.test(sentence) ? sentence : sentence.charAt(0).toUpperCase() + sentence.slice(1);

/** "Grace's" — or "Moses'" for a name ending in s. */
const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

/** Who sent the money, as far as the event says. */
function donorOf(about: Fields): string {
  return str(about['donor']) || 'a donor';
}

const PROVIDERS: Readonly<Record<string, string>> = { paystack: 'Paystack', mpesa: 'M-Pesa', staff: 'staff' };

/** What a gift or commitment is for: 'Clean Water', 'the sponsorship of Wanjiku'. */
function purpose(about: Fields): string {
  if (about['kind'] === 'sponsorship')
    return about['child'] ? `the sponsorship of ${str(about['child'])}` : 'a sponsorship';
  return causeTitle(str(about['cause']));
}

/** "Grace Wanjiru's gift of $40.00". */
function giftOf(payload: Fields, about: Fields): string {
  const amount = str(payload['amount']);
  return `${possessive(donorOf(about))} gift${amount ? ` of ${amount}` : ''}`;
}

const receipt = (payload: Fields) => (payload['receipt'] ? ` (${receiptLabel(str(payload['receipt']))})` : '');

function giftSentence(state: string, payload: Fields, about: Fields): string {
  const gift = giftOf(payload, about);
  const provider = PROVIDERS[str(about['provider'])] ?? (about['method'] ? methodName(str(about['method'])) : '');
  const amount = str(payload['amount']);
  switch (state) {
    case 'pending':
      return `${donorOf(about)} started a gift${amount ? ` of ${amount}` : ''} to ${purpose(about)}, not paid yet`;
    case 'recorded':
      return `${gift} to ${purpose(about)} was recorded`;
    case 'confirmed':
      return `${gift} was confirmed${provider ? ` by ${provider}` : ''}`;
    case 'flagged':
      return `${gift} needs a look (flagged)`;
    case 'unmatched':
      return `A payment${amount ? ` of ${amount}` : ''}${provider ? ` through ${provider}` : ''} matches no gift: assign it on the Gifts tab`;
    case 'failed':
      return `${gift} failed${provider ? ` at ${provider}` : ''}`;
    case 'abandoned':
      return `${gift} was left unpaid`;
    case 'subscription':
      return `${gift} (monthly) changed${payload['subscription'] ? `: now ${words(str(payload['subscription']))}` : ''}`;
    case 'refunded':
      return `${gift} was refunded`;
    case 'partly_refunded':
      return `${gift} was partly refunded`;
    default:
      return `${gift}: ${words(state)}`;
  }
}

const COMMITMENT_STATES: Readonly<Record<string, string>> = {
  active: 'is now active',
  paused: 'is paused',
  ended: 'has ended',
  lapsed: 'has lapsed',
  child_taken: 'could not start: the child already has a sponsor',
  below_minimum: 'is below the smallest amount',
};

function commitmentSentence(state: string, payload: Fields, about: Fields): string {
  const what =
    about['kind'] === 'sponsorship' || payload['kind'] === 'sponsorship'
      ? purpose({ ...about, kind: 'sponsorship' })
      : 'monthly gift';
  const amount = str(payload['amount']);
  const subject = `${possessive(donorOf(about))} ${what.replace(/^the /, '')}${amount ? ` (${amount})` : ''}`;
  return `${subject} ${COMMITMENT_STATES[state] ?? words(state)}`;
}

/** What a form sent from the public site says. */
function formSentence(type: string, payload: Fields): string | null {
  const name = str(payload['name']) || str(payload['email']) || 'Someone';
  switch (type) {
    case 'contact_submit':
      return `${name} sent a message${payload['subject'] ? `: “${str(payload['subject'])}”` : ''}`;
    case 'newsletter_subscribe':
      return `${str(payload['email']) || name} signed up for the newsletter`;
    case 'volunteer_application':
      return `${name} applied to volunteer${payload['opportunity'] ? ` as ${applicationForName(str(payload['opportunity']))}` : ''}`;
    case 'school_volunteer_application':
      return `${name} applied to volunteer at ${payload['school'] ? applicationForName(str(payload['school'])) : 'a school'}`;
    case 'internship_application':
      return `${name} applied for an internship${payload['hospital'] ? ` at ${applicationForName(str(payload['hospital']))}` : ''}`;
    case 'sponsorship_application':
      return `${name} applied to sponsor ${payload['childId'] ? childName(str(payload['childId'])) : 'a child'}`;
    case 'donation_intent': {
      const amount = str(payload['amount']) || str(payload['customAmount']);
      return `${name} chose to give${amount ? ` $${amount.replace(/^\$/, '')}` : ''} to ${causeTitle(str(payload['cause']))}`;
    }
    default:
      return null;
  }
}

/** What each staff list's items are called. */
const NOUNS: Readonly<Record<string, string>> = {
  programs: 'program',
  blog: 'blog post',
  media: 'media item',
  contacts: 'contact message',
  newsletter: 'subscriber',
  volunteers: 'application',
  donations: 'donation',
  breaches: 'breach record',
  calendar: 'event',
  team: 'team member',
  children: "child's record",
};

const VERBS: Readonly<Record<string, string>> = { create: 'added', update: 'changed', delete: 'deleted' };

const LOGIN_FAILURES: Readonly<Record<string, string>> = {
  password: 'wrong password',
  password_change: 'wrong current password when changing it',
  unknown: 'no such account',
  locked: 'too many tries',
};

/** A staff member's action; `actor` is their display name or username. */
function staffSentence(type: string, actor: string, payload: Fields, about: Fields): string | null {
  const who = (key: string) => str(payload[key]);
  switch (type) {
    case 'admin.login':
      return `${actor} signed in`;
    case 'admin.login_failed': {
      const reason = who('reason');
      return `A sign-in as ${actor} failed${reason ? ` (${LOGIN_FAILURES[reason] ?? words(reason)})` : ''}`;
    }
    case 'admin.logout':
      return `${actor} signed out`;
    case 'admin.password_change':
      return `${actor} set a new password`;
    case 'admin.session_end':
      return payload['current']
        ? `${actor} signed out of this browser`
        : `${actor} signed out one of their other sessions`;
    case 'admin.sessions_end_others':
      return `${actor} signed out everywhere else`;
    case 'admin.account.profile':
      return who('displayName')
        ? `${actor} now signs as ${who('displayName')}`
        : `${actor} cleared the name they sign with`;
    case 'admin.media.upload':
      return `${actor} uploaded ${who('name') || 'a file'}`;
    case 'admin.db.backup':
      return `${actor} made a backup of the database`;
    case 'admin.staff.invite':
      return `${actor} invited a new staff member`;
    case 'admin.staff.reset':
      return `${actor} sent ${who('account') || 'a staff member'} a link to set a new password`;
    case 'admin.staff.remove':
      return `${actor} removed ${who('account') || 'a staff member'} from the staff`;
    case 'admin.staff.withdraw':
      return `${actor} withdrew the invitation${who('email') ? ` to ${who('email')}` : ''}`;
    case 'admin.staff.join':
      return `${actor} joined the staff`;
    case 'admin.gifts.create':
      return `${actor} recorded a gift from ${donorOf(about)}${receipt(payload)}`;
    case 'admin.gifts.statement':
      return `${actor} sent the ${who('year')} yearly statements`;
    case 'admin.gifts.refund':
      return `${actor} marked ${possessive(donorOf(about))} gift refunded${who('reason') ? `: ${who('reason')}` : ''}`;
    case 'admin.gifts.confirm':
      return `${actor} confirmed ${possessive(donorOf(about))} PayPal gift${receipt(payload)}`;
    case 'admin.gifts.assign':
      return `${actor} gave a payment that matched no gift to ${purpose(about)}${receipt(payload)}`;
    case 'admin.gifts.rate':
      return `${actor} set the exchange rate to ${who('kesPerUsd')} Kenyan shillings to the dollar`;
    case 'admin.commitments.decide':
      return `${actor} chose to ${words(who('action')) || 'decide on'} ${possessive(donorOf(about))} ${about['kind'] === 'sponsorship' ? 'sponsorship' : 'monthly gift'}`;
    case 'admin.person.export':
      return `${actor} exported a person's data${who('reason') ? `: ${who('reason')}` : ''}`;
    case 'admin.person.correct':
      return `${actor} corrected a person's ${who('column') ? words(who('column')) : 'details'}${who('reason') ? `: ${who('reason')}` : ''}`;
    case 'admin.person.erase':
      return `${actor} erased a person${who('reason') ? `: ${who('reason')}` : ''}`;
    case 'admin.person.link':
      return `${actor} confirmed that two records are the same person`;
    case 'admin.reply_template.save':
      return `${actor} changed a reply template`;
    case 'admin.letters.review':
      return `${actor} ${who('outcome') === 'approved' ? 'approved' : who('outcome') === 'changes' ? 'sent back for a change' : 'declined'} a sponsor's letter`;
    case 'admin.letters.deliver':
      return `${actor} marked ${who('count') || 'some'} ${who('count') === '1' ? 'letter' : 'letters'} from sponsors delivered`;
    case 'admin.site.update':
      return `${actor} changed the site settings${who('change') ? `: ${who('change')}` : ''}`;
    case 'admin.volunteers.update':
      return applicationSentence(actor, payload, about);
    case 'admin.children.create':
      return `${actor} added ${possessive(str(about['child']) || childName(who('child')))} record`;
    case 'admin.children.update':
      return `${actor} changed ${possessive(str(about['child']) || childName(who('child')))} record${who('change') ? `: ${who('change')}` : ''}`;
    default: {
      const match = /^admin\.([a-z_]+)\.(create|update|delete)$/.exec(type);
      const noun = match?.[1] ? NOUNS[match[1]] : undefined;
      if (!noun || !match?.[2]) return null;
      const title = who('title') || who('name') || who('slug');
      const change = who('change');
      return `${actor} ${VERBS[match[2]]} the ${noun}${title ? ` “${title}”` : ''}${change ? `: ${change}` : ''}`;
    }
  }
}

function applicationSentence(actor: string, payload: Fields, about: Fields): string {
  const applicant = str(about['applicant']);
  const application = applicant ? `${possessive(applicant)} application` : 'an application';
  switch (payload['change']) {
    case 'state':
      return `${actor} moved ${application} from ${words(str(payload['from']))} to ${words(str(payload['to']))}`;
    case 'holder':
      return payload['to']
        ? `${actor} gave ${application} to ${str(payload['to'])}`
        : `${actor} let go of ${application}`;
    case 'note':
      return `${actor} added a note to ${application}`;
    case 'reply':
      return `${actor} replied to ${application}`;
    default:
      return `${actor} changed ${application}`;
  }
}

/** The sentence for one event of Recent Activity. */
export function activitySentence(event: ActivityEvent): string {
  const type = typeof event.type === 'string' ? event.type : '';
  const payload = fields(event.payload);
  const about = fields(event.about);
  const actor = str(about['actorName']) || str(payload['actor']) || 'A staff member';
  const gift = /^gift\.([a-z_]+)$/.exec(type);
  if (gift?.[1]) return capital(giftSentence(gift[1], payload, about));
  const commitment = /^commitment\.([a-z_]+)$/.exec(type);
  if (commitment?.[1]) return capital(commitmentSentence(commitment[1], payload, about));
  // The copy of the site's first list of children, which no staff member made (older databases say 'seed file').
  if (type === 'admin.children.create' && (!payload['actor'] || payload['actor'] === 'seed file')) {
    return `${possessive(str(about['child']) || childName(str(payload['child'])))} record was added from the website's first list of children`;
  }
  const sentence =
    formSentence(type, payload) ?? (type.startsWith('admin.') ? staffSentence(type, actor, payload, about) : null);
  if (sentence) return capital(sentence);
  return type ? capital(words(type)) : 'Something happened';
}
