/**
 * Which reply templates there are: one per application kind and outcome (accepted, declined), one for replies to
 * contact messages, and the email (and its reminder) to the sponsors of a child who left the programme. Pure and
 * zod-free, shared by the dashboard and the functions.
 */
import {
  APPLICATION_INFO,
  APPLICATION_KINDS,
  REPLY_OUTCOMES,
  STATE_LABELS,
  isApplicationKind,
  ALL_PLACEHOLDERS,
  type ApplicationKind,
  type ReplyOutcome,
  type ReplyPlaceholder,
} from './applications.ts';

/** The kind of a contact message's template: the form it answers. */
export const CONTACT_TEMPLATE_KIND = 'contact_submit';
/** The one outcome of a contact message's template. */
export const CONTACT_TEMPLATE_OUTCOME = 'reply';

/** The kind of the email to the sponsors of a child who left the programme. */
export const EXIT_TEMPLATE_KIND = 'child_exit';
/** Its first email, and the one reminder sent when the first goes unanswered. */
export const EXIT_TEMPLATE_OUTCOMES = ['notice', 'reminder'] as const;
/** One of {@link EXIT_TEMPLATE_OUTCOMES}. */
export type ExitTemplateOutcome = (typeof EXIT_TEMPLATE_OUTCOMES)[number];

/** Every template kind, in the order staff choose from. */
export const TEMPLATE_KINDS = [...APPLICATION_KINDS, CONTACT_TEMPLATE_KIND, EXIT_TEMPLATE_KIND] as const;
/** One of {@link TEMPLATE_KINDS}. */
export type TemplateKind = ApplicationKind | typeof CONTACT_TEMPLATE_KIND | typeof EXIT_TEMPLATE_KIND;
/** What a template is written for: an application's outcome, a contact message's reply, or an exit email. */
export type TemplateOutcome = ReplyOutcome | typeof CONTACT_TEMPLATE_OUTCOME | ExitTemplateOutcome;

/** The outcomes a kind has a template for. */
export function outcomesOf(kind: TemplateKind): readonly TemplateOutcome[] {
  if (kind === EXIT_TEMPLATE_KIND) return EXIT_TEMPLATE_OUTCOMES;
  return kind === CONTACT_TEMPLATE_KIND ? [CONTACT_TEMPLATE_OUTCOME] : REPLY_OUTCOMES;
}

/** True when `kind` and `outcome` name a template. */
export function isTemplateKey(kind: unknown, outcome: unknown): kind is TemplateKind {
  if (kind !== CONTACT_TEMPLATE_KIND && kind !== EXIT_TEMPLATE_KIND && !isApplicationKind(kind)) return false;
  return (outcomesOf(kind) as readonly unknown[]).includes(outcome);
}

/** How a template kind reads. */
export function templateKindLabel(kind: TemplateKind): string {
  if (kind === EXIT_TEMPLATE_KIND) return 'A child left the programme (to the sponsor)';
  return kind === CONTACT_TEMPLATE_KIND ? 'Contact message' : `${APPLICATION_INFO[kind].label} application`;
}

const EXIT_OUTCOME_LABELS: Readonly<Record<ExitTemplateOutcome, string>> = {
  notice: 'First email',
  reminder: 'Reminder after 30 days',
};

/** How a template outcome reads. */
export function templateOutcomeLabel(outcome: TemplateOutcome): string {
  if (outcome === 'notice' || outcome === 'reminder') return EXIT_OUTCOME_LABELS[outcome];
  return outcome === CONTACT_TEMPLATE_OUTCOME ? 'Reply' : STATE_LABELS[outcome];
}

/** Where a template stands in the list staff see: by kind, then outcome. */
export function templateOrder(kind: TemplateKind, outcome: TemplateOutcome): number {
  return TEMPLATE_KINDS.indexOf(kind) * 10 + outcomesOf(kind).indexOf(outcome);
}

/** The placeholders only the email to a sponsor whose child left fills: no other reply has a child or choices. */
const EXIT_PLACEHOLDERS: readonly ReplyPlaceholder[] = ['child', 'choices'];

/** The placeholders a template of `kind` may use. */
export function placeholdersOf(kind: string): ReplyPlaceholder[] {
  return kind === EXIT_TEMPLATE_KIND
    ? ALL_PLACEHOLDERS
    : ALL_PLACEHOLDERS.filter((key) => !EXIT_PLACEHOLDERS.includes(key));
}
