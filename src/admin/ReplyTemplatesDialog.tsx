import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { REPLY_PLACEHOLDERS } from '../lib/applications.ts';
import {
  outcomesOf,
  TEMPLATE_KINDS,
  templateKindLabel,
  templateOutcomeLabel,
  placeholdersOf,
  type TemplateKind,
  type TemplateOutcome,
} from '../lib/reply-templates.ts';
import { ApiError, fetchReplyTemplates, saveReplyTemplate, type ReplyTemplate } from './api.ts';
import { formatNairobi } from './lib/dates.ts';
import { groupIssues } from './lib/issues.ts';
import { notify } from './stores/toast.ts';
import FormField from './FormField.tsx';
import WorkDialog from './WorkDialog.tsx';

type Props = {
  /** The template kind shown first. */
  readonly initialKind?: TemplateKind;
  readonly onClose: () => void;
};

const KIND_OPTIONS = TEMPLATE_KINDS.map((kind) => [kind, templateKindLabel(kind)] as const);
const outcomeOptions = (kind: TemplateKind) =>
  outcomesOf(kind).map((outcome) => [outcome, templateOutcomeLabel(outcome)] as const);
const FIELDS = ['subject', 'body'] as const;
const isKind = (value: string): value is TemplateKind => (TEMPLATE_KINDS as readonly string[]).includes(value);

/**
 * The reply templates: one per application kind and outcome and one for contact messages, each with who last changed
 * it. A reply starts from its template, with the placeholders filled.
 */
export default function ReplyTemplatesDialog({ initialKind = TEMPLATE_KINDS[0], onClose }: Props) {
  const [templates, setTemplates] = useState<readonly ReplyTemplate[] | null>(null);
  const [kind, setKind] = useState<TemplateKind>(initialKind);
  const [outcome, setOutcome] = useState<TemplateOutcome>(outcomesOf(initialKind)[0] ?? 'reply');
  const [text, setText] = useState({ subject: '', body: '' });
  const [errors, setErrors] = useState<{ byField: Readonly<Record<string, string>>; other: readonly string[] }>({
    byField: {},
    other: [],
  });
  const [pending, setPending] = useState(false);
  const fieldId = useId();

  useEffect(() => {
    fetchReplyTemplates().then(setTemplates, (error: unknown) => {
      if (!(error instanceof ApiError && error.status === 401)) {
        setErrors({ byField: {}, other: ['Could not load the reply templates.'] });
      }
    });
  }, []);

  const current = templates?.find((template) => template.kind === kind && template.outcome === outcome);
  // Choosing another template (or its first arrival) shows its stored text.
  useEffect(() => {
    setText({ subject: current?.subject ?? '', body: current?.body ?? '' });
    setErrors({ byField: {}, other: [] });
  }, [current]);

  async function save(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setErrors({ byField: {}, other: [] });
    try {
      const saved = await saveReplyTemplate(kind, outcome, text);
      setTemplates((list) =>
        (list ?? []).map((template) =>
          template.kind === saved.kind && template.outcome === saved.outcome ? saved : template,
        ),
      );
      notify('Reply template saved');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      setErrors(
        error instanceof ApiError && error.issues.length > 0
          ? groupIssues(error.issues, FIELDS)
          : { byField: {}, other: [error instanceof Error ? error.message : 'Could not save the template.'] },
      );
    } finally {
      setPending(false);
    }
  }

  const placeholders = placeholdersOf(kind)
    .map((key) => `{${key}}: ${REPLY_PLACEHOLDERS[key]}`)
    .join('; ');

  return (
    <WorkDialog className="application-dialog" title="Reply templates" onClose={onClose}>
      {errors.other.map((message) => (
        <p key={message} className="form-error" role="alert">
          {message}
        </p>
      ))}
      <form className="form" onSubmit={(event) => void save(event)}>
        <FormField
          id={`${fieldId}-kind`}
          name="kind"
          label="Template for"
          kind="select"
          value={kind}
          options={KIND_OPTIONS}
          onChange={(value) => {
            if (!isKind(value)) return;
            setKind(value);
            // Each kind has its own outcomes: keep the one chosen when the new kind has it.
            const outcomes = outcomesOf(value);
            if (!outcomes.includes(outcome)) setOutcome(outcomes[0] ?? outcome);
          }}
        />
        <FormField
          id={`${fieldId}-outcome`}
          name="outcome"
          label="Outcome"
          kind="select"
          value={outcome}
          options={outcomeOptions(kind)}
          onChange={(value) => setOutcome(outcomesOf(kind).find((candidate) => candidate === value) ?? outcome)}
        />
        {templates && (
          <>
            <p className="muted" aria-live="polite">
              {current?.updatedBy && current.updatedAt
                ? `Last changed by ${current.updatedBy}, ${formatNairobi(current.updatedAt)}`
                : 'Not changed since it was set up'}
            </p>
            <FormField
              id={`${fieldId}-subject`}
              name="subject"
              label="Subject"
              kind="text"
              value={text.subject}
              required
              {...(errors.byField['subject'] ? { error: errors.byField['subject'] } : {})}
              onChange={(subject) => setText((previous) => ({ ...previous, subject }))}
            />
            <FormField
              id={`${fieldId}-body`}
              name="body"
              label="Message"
              kind="textarea"
              rows={10}
              value={text.body}
              required
              hint={`Placeholders, filled when a reply is written: ${placeholders}.`}
              {...(errors.byField['body'] ? { error: errors.byField['body'] } : {})}
              onChange={(body) => setText((previous) => ({ ...previous, body }))}
            />
            <button type="submit" className="button" disabled={pending || !current}>
              Save template
            </button>
          </>
        )}
      </form>
    </WorkDialog>
  );
}
