import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import { BREACH_CHECKLIST, REPORT_WITHIN_HOURS } from '../schemas/breach.ts';
import { ApiError, fetchList, saveRecord } from './api.ts';
import { formatNairobi } from './lib/dates.ts';
import { text } from './lib/format.ts';
import type { Row } from './lib/list.ts';

type Props = Record<string, never>;

const HOUR = 3_600_000;

/** Time left before the Data Commissioner's deadline, or how long ago it passed. */
function deadlineText(reportBy: unknown, now: number): string {
  const left = Date.parse(text(reportBy)) - now;
  if (Number.isNaN(left)) return '';
  const hours = Math.floor(Math.abs(left) / HOUR);
  return left >= 0 ? `${hours} h left` : `passed ${hours} h ago`;
}

const checklistOf = (row: Row) =>
  typeof row['checklist'] === 'object' && row['checklist'] !== null
    ? (row['checklist'] as Record<string, boolean>)
    : {};

/**
 * The breach record: log a suspected breach (when found, what, who is affected); each one shows the 72-hour deadline
 * for telling the Data Commissioner (s.43) and a checklist whose ticks are saved at once.
 */
export default function BreachPanel(_props: Props) {
  const id = useId();
  const [rows, setRows] = useState<readonly Row[]>([]);
  const [problem, setProblem] = useState('');
  const load = useCallback(() => {
    fetchList('breaches', 100).then(
      (page) => setRows(page.rows),
      () => setProblem('The breach record could not be read.'),
    );
  }, []);
  useEffect(load, [load]);

  async function save(rowId: string | null, body: Record<string, unknown>): Promise<boolean> {
    setProblem('');
    try {
      await saveRecord('breaches', rowId, body);
      load();
      return true;
    } catch (error) {
      setProblem(error instanceof ApiError ? (error.issues[0]?.message ?? error.message) : 'Not saved');
      return false;
    }
  }

  async function record(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const found = data.get('found_at');
    const body = {
      found_at: typeof found === 'string' && found !== '' ? new Date(found).toISOString() : '',
      what: data.get('what'),
      affected: data.get('affected'),
      checklist: {},
    };
    if (await save(null, body)) form.reset();
  }

  /** Shows the tick at once and saves it; a refused save reloads what is stored. */
  async function tick(row: Row, key: string, done: boolean): Promise<void> {
    const checklist = { ...checklistOf(row), [key]: done };
    setRows((current) => current.map((each) => (each.id === row.id ? { ...each, checklist } : each)));
    const body = {
      found_at: text(row['found_at']),
      what: text(row['what']),
      affected: text(row['affected']),
      checklist,
    };
    if (!(await save(row.id, body))) load();
  }

  const now = Date.now();
  return (
    <section aria-labelledby={`${id}-title`} className="privacy-section">
      <h3 id={`${id}-title`}>Breach record</h3>
      <form className="breach-form" onSubmit={(event) => void record(event)}>
        <div className="field">
          <label htmlFor={`${id}-found`}>When it was found</label>
          <input id={`${id}-found`} name="found_at" type="datetime-local" required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-what`}>What happened</label>
          <textarea id={`${id}-what`} name="what" required rows={2} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-affected`}>Who is affected (a group or a count)</label>
          <input id={`${id}-affected`} name="affected" required />
        </div>
        <button type="submit" className="button">
          Record breach
        </button>
      </form>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {rows.map((row) => (
        <article key={row.id} className="breach" aria-label={`Breach found ${formatNairobi(row['found_at'])}`}>
          <p>
            <strong>Found {formatNairobi(row['found_at'])}:</strong> {text(row['what'])} — affects{' '}
            {text(row['affected'])}
          </p>
          <p>
            Tell the Data Commissioner by <strong>{formatNairobi(row['report_by'])}</strong> ({REPORT_WITHIN_HOURS}{' '}
            hours, s.43): {deadlineText(row['report_by'], now)}.
          </p>
          <fieldset>
            <legend>Checklist</legend>
            {BREACH_CHECKLIST.map(([key, label]) => (
              <label key={key} className="check">
                <input
                  type="checkbox"
                  checked={checklistOf(row)[key] === true}
                  onChange={(event) => void tick(row, key, event.target.checked)}
                />
                {label}
              </label>
            ))}
          </fieldset>
        </article>
      ))}
    </section>
  );
}
