/**
 * How long each kind of personal data is kept: the one list the retention job (netlify/functions/retention.ts), the
 * /privacy page and the dashboard read. Each period can be changed with its environment variable (whole days).
 */

/** One kind of data and how long it is kept. */
export type RetentionRule = {
  /** Key in the retention job's report. */
  key: RetentionKey;
  /** What is kept, as the privacy notice says it. */
  label: string;
  /** What happens at the end: deleted, or anonymised (kept without who). */
  action: 'deleted' | 'anonymised';
  /** Counted from: the record's arrival, or its last change. */
  from: 'received' | 'last change' | 'sign-up or unsubscribing' | 'sending';
  /** Days kept by default. */
  days: number;
  /** Environment variable that overrides {@link days}. */
  env: string;
};

/** The kinds of data the retention job handles. */
export type RetentionKey = 'contacts' | 'applications' | 'pendingSubscribers' | 'gifts' | 'emails';

/** The defaults (Data Protection Act 2019, s.39: no longer than needed). */
export const RETENTION_DEFAULTS: readonly RetentionRule[] = [
  {
    key: 'contacts',
    label: 'Contact messages',
    action: 'deleted',
    from: 'received',
    days: 730,
    env: 'RETENTION_CONTACTS_DAYS',
  },
  {
    key: 'applications',
    label: 'Volunteer, school and internship applications, and sponsorship applications',
    action: 'deleted',
    from: 'last change',
    days: 365,
    env: 'RETENTION_APPLICATIONS_DAYS',
  },
  {
    key: 'pendingSubscribers',
    label: 'Newsletter sign-ups never confirmed, and addresses that unsubscribed',
    action: 'deleted',
    from: 'sign-up or unsubscribing',
    days: 7,
    env: 'RETENTION_PENDING_SUBSCRIBERS_DAYS',
  },
  {
    key: 'gifts',
    label: "Gifts (the donor's name and contact details; the amount, date and receipt number stay for the accounts)",
    action: 'anonymised',
    from: 'received',
    days: 2557,
    env: 'RETENTION_GIFTS_DAYS',
  },
  {
    key: 'emails',
    label: 'Copies of emails we sent (staff notifications, confirmations)',
    action: 'deleted',
    from: 'sending',
    days: 30,
    env: 'RETENTION_EMAILS_DAYS',
  },
];

/** The periods in force: the defaults with any valid override from `env` (a whole number of days, at least 1). */
export function retentionRules(env: Readonly<Record<string, string | undefined>> = {}): RetentionRule[] {
  return RETENTION_DEFAULTS.map((rule) => {
    const raw = env[rule.env]?.trim();
    const days = raw && /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : rule.days;
    return { ...rule, days };
  });
}

/** A period in words: "2 years", "7 days", "1 year". */
export function periodText(days: number): string {
  const years = days / 365.25;
  if (days >= 365 && Math.abs(years - Math.round(years)) < 0.01) {
    const whole = Math.round(years);
    return `${whole} year${whole === 1 ? '' : 's'}`;
  }
  return `${days} day${days === 1 ? '' : 's'}`;
}

/** The days in force for one kind of data. */
export function retentionDays(key: RetentionKey, env: Readonly<Record<string, string | undefined>> = {}): number {
  return retentionRules(env).find((rule) => rule.key === key)?.days ?? 0;
}
