/**
 * The reply templates staff edit in /samu: one per application kind and outcome, and one for contact messages
 * (src/lib/reply-templates.ts), stored in `reply_templates` with who last changed it and when; each change is audited
 * in its own transaction. A reply is composed from its template with the placeholders filled.
 */
import opportunities from '../../../../src/content/opportunities.json' with { type: 'json' };
import {
  APPLICATION_INFO,
  fillPlaceholders,
  type ApplicationKind,
  type ReplyOutcome,
  type ReplyValues,
} from '../../../../src/lib/applications.ts';
import { templateOrder, type TemplateKind, type TemplateOutcome } from '../../../../src/lib/reply-templates.ts';
import type { ReplyTemplateText } from '../../../../src/schemas/applications.ts';
import { audit } from '../platform/audit.ts';
import { query, transaction, type Queryable } from '../platform/db.ts';

/** One template as staff see it: its text, and who last changed it and when (null for the text it started with). */
export interface ReplyTemplate {
  kind: TemplateKind;
  outcome: TemplateOutcome;
  subject: string;
  body: string;
  updatedBy: string | null;
  updatedAt: string | null;
}

interface StoredTemplate {
  kind: TemplateKind;
  outcome: TemplateOutcome;
  subject: string;
  body: string;
  updated_by: string | null;
  updated_at: Date | string | null;
}

const COLUMNS = 'kind, outcome, subject, body, updated_by, updated_at';

function toTemplate(row: StoredTemplate): ReplyTemplate {
  return {
    kind: row.kind,
    outcome: row.outcome,
    subject: row.subject,
    body: row.body,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
  };
}

/** Every template, by kind (in the order staff choose from) and outcome. */
export async function listReplyTemplates(): Promise<ReplyTemplate[]> {
  const rows = await query<StoredTemplate>(`select ${COLUMNS} from reply_templates`);
  const order = (row: StoredTemplate) => templateOrder(row.kind, row.outcome);
  return rows.sort((a, b) => order(a) - order(b)).map(toTemplate);
}

/**
 * Stores staff member `actor`'s text for the template of `kind` and `outcome`, recording who changed it and when,
 * and audits the change (`admin.reply_template.save`) in the same transaction. Saving the text it already has changes
 * nothing.
 */
export async function saveReplyTemplate(
  actor: string,
  kind: TemplateKind,
  outcome: TemplateOutcome,
  text: ReplyTemplateText,
): Promise<ReplyTemplate> {
  return transaction(async (tx) => {
    const [before] = await tx.query<StoredTemplate>(
      `select ${COLUMNS} from reply_templates where kind = $1 and outcome = $2 for update`,
      [kind, outcome],
    );
    if (before && before.subject === text.subject && before.body === text.body) return toTemplate(before);
    const [saved] = await tx.query<StoredTemplate>(
      `insert into reply_templates (kind, outcome, subject, body, updated_by, updated_at)
       values ($1, $2, $3, $4, lower($5), now())
       on conflict (kind, outcome) do update
         set subject = excluded.subject, body = excluded.body, updated_by = excluded.updated_by,
             updated_at = excluded.updated_at
       returning ${COLUMNS}`,
      [kind, outcome, text.subject, text.body, actor],
    );
    if (!saved) throw new Error('saving a reply template returned no row');
    const changed = before
      ? (['subject', 'body'] as const).filter((field) => before[field] !== text[field])
      : ['subject', 'body'];
    await audit(tx, 'admin.reply_template.save', actor, { kind, outcome, changed });
    return toTemplate(saved);
  });
}

/** Volunteer opportunities by id, for `{opportunity}`. */
const OPPORTUNITY_TITLES: ReadonlyMap<string, string> = new Map(opportunities.map((o) => [o.id, o.title]));

/**
 * What an application is for, in words for `{opportunity}`: the opportunity's title, the school or hospital as the
 * applicant chose it, or the child's name; a plain phrase when the applicant chose none.
 */
async function whatFor(db: Queryable, kind: ApplicationKind, details: Record<string, unknown>): Promise<string> {
  const raw = details[APPLICATION_INFO[kind].forKey];
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (value === '') return kind === 'sponsorship_application' ? 'the child you chose' : 'the placement you chose';
  if (kind === 'volunteer_application') return OPPORTUNITY_TITLES.get(value) ?? value;
  if (kind === 'sponsorship_application') {
    const [child] = await db.query<{ name: string }>('select name from children where slug = $1', [value]);
    return child?.name ?? value;
  }
  return value;
}

/**
 * The text the template of `kind` and `outcome` gives with its placeholders filled with `values`; null when the
 * template is missing.
 */
export async function composeFromTemplate(
  db: Queryable,
  kind: TemplateKind,
  outcome: TemplateOutcome,
  values: ReplyValues,
): Promise<{ subject: string; body: string } | null> {
  const [template] = await db.query<{ subject: string; body: string }>(
    'select subject, body from reply_templates where kind = $1 and outcome = $2',
    [kind, outcome],
  );
  if (!template) return null;
  // A filled subject stays one line, whatever the person typed as their name or subject.
  const subject = fillPlaceholders(template.subject, values).replaceAll(/\s*[\r\n]+\s*/g, ' ');
  return { subject, body: fillPlaceholders(template.body, values) };
}

/**
 * The reply staff member `staffName` starts from for an application of `kind` that was `outcome`: its stored template
 * with the placeholders filled; null when the template is missing.
 */
export async function composeReply(
  db: Queryable,
  application: { kind: ApplicationKind; name: string; details: Record<string, unknown> },
  outcome: ReplyOutcome,
  staffName: string,
): Promise<{ subject: string; body: string } | null> {
  return composeFromTemplate(db, application.kind, outcome, {
    name: application.name,
    opportunity: await whatFor(db, application.kind, application.details),
    subject: `your ${APPLICATION_INFO[application.kind].label.toLowerCase()} application`,
    staffName,
  });
}
