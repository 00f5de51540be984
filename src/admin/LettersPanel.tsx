import { useCallback, useEffect, useId, useState } from 'react';
import { FINDING_LABELS, screenLetter, unconfirmed, type Finding } from '../lib/letter-screening.ts';
import {
  LETTER_STATE_LABELS,
  LETTER_STATES,
  LettersAnswer,
  type LetterRow,
  type LetterState,
} from '../schemas/letters.ts';
import { adminJson, ApiError, fetchDownload } from './api.ts';
import { saveFile } from './download.ts';
import { formatNairobi } from './lib/dates.ts';
import { notify } from './stores/toast.ts';
import SponsorNews from './SponsorNews.tsx';

type Props = { readonly label: string };

/** The letter's text with each finding marked, for staff to see at a glance what could reach the child. */
function Marked({ text, findings }: { readonly text: string; readonly findings: readonly Finding[] }) {
  const parts: (string | Finding)[] = [];
  let at = 0;
  for (const finding of findings) {
    parts.push(text.slice(at, finding.start), finding);
    at = finding.end;
  }
  parts.push(text.slice(at));
  return (
    <p className="letter__text">
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          part
        ) : (
          <mark key={index} title={FINDING_LABELS[part.kind]}>
            {part.text}
          </mark>
        ),
      )}
    </p>
  );
}

/** The photo a sponsor sent, fetched with the staff token (an image address cannot carry it). */
function LetterPhoto({ id }: { readonly id: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    fetchDownload(`/api/admin/letters/${encodeURIComponent(id)}/photo`).then(
      ({ blob }) => {
        url = URL.createObjectURL(blob);
        setSrc(url);
      },
      () => setSrc(null),
    );
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return src ? <img className="letter__photo" src={src} alt="The photo sent with the letter" /> : null;
}

/** One letter waiting for review: its text to clean, the findings to confirm, and the three decisions. */
function Review({ letter, onDone }: { readonly letter: LetterRow; readonly onDone: () => void }) {
  const formId = useId();
  const [body, setBody] = useState(letter.body);
  const [confirmed, setConfirmed] = useState<readonly string[]>([]);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const findings = screenLetter(body, letter.surnames);
  const standing = unconfirmed(findings, confirmed);

  async function decide(action: 'approve' | 'changes' | 'decline') {
    setError(null);
    try {
      const payload = action === 'approve' ? { body, confirmed } : { reason };
      await adminJson(`/api/admin/letters/${encodeURIComponent(letter.id)}/${action}`, 'POST', payload);
      notify(
        action === 'approve'
          ? 'Letter approved: it will be printed for the next visit'
          : action === 'changes'
            ? 'Sent back for a change: the reason is emailed to its writer'
            : 'Letter declined: the reason is emailed to its writer',
      );
      onDone();
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? [failure.message, ...failure.issues.map((i) => i.message)].join(': ')
          : String(failure),
      );
    }
  }

  return (
    <article className="card letter" aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`}>
        From {letter.sponsor_name} to {letter.child_name}, {formatNairobi(letter.created_at)}
      </h3>
      <Marked text={body} findings={findings} />
      {letter.has_photo && <LetterPhoto id={letter.id} />}
      {findings.length > 0 && (
        <fieldset>
          <legend>Found in the letter: remove each from the text, or confirm it is harmless</legend>
          {findings.map((finding) => (
            <label key={`${finding.kind}-${finding.start}`} className="letter__finding">
              <input
                type="checkbox"
                checked={confirmed.includes(finding.text)}
                onChange={(event) =>
                  setConfirmed((current) =>
                    event.target.checked ? [...current, finding.text] : current.filter((text) => text !== finding.text),
                  )
                }
              />
              {FINDING_LABELS[finding.kind]}: “{finding.text}” is harmless
            </label>
          ))}
        </fieldset>
      )}
      <div className="field">
        <label htmlFor={`${formId}-body`}>The letter as it will be printed</label>
        <textarea id={`${formId}-body`} rows={6} value={body} onChange={(event) => setBody(event.target.value)} />
      </div>
      <button type="button" className="button" disabled={standing.length > 0} onClick={() => void decide('approve')}>
        Approve{standing.length > 0 ? ` (${standing.length} to remove or confirm)` : ''}
      </button>
      <div className="field">
        <label htmlFor={`${formId}-reason`}>Reason, sent to the sponsor</label>
        <textarea id={`${formId}-reason`} rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
      <div className="button-row">
        <button type="button" className="button" onClick={() => void decide('changes')}>
          Ask for a change
        </button>
        <button type="button" className="button danger" onClick={() => void decide('decline')}>
          Decline
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </article>
  );
}

/**
 * Sponsors and their children: which sponsors are due news, then the sponsors' letters, those waiting for review first; the approved ones printed as one PDF for the field visit and
 * then marked delivered; and the ones returned to the sponsor or delivered, for the record.
 */
export default function LettersPanel({ label }: Props) {
  const [state, setState] = useState<LetterState>('review');
  const [answer, setAnswer] = useState<LettersAnswer | null>(null);
  const load = useCallback(async () => {
    setAnswer(LettersAnswer.parse(await adminJson(`/api/admin/letters?state=${state}`)));
  }, [state]);
  useEffect(() => void load().catch(() => setAnswer(null)), [load]);

  async function printBatch() {
    const { blob, filename } = await fetchDownload('/api/admin/letters/batch');
    saveFile(blob, filename);
  }

  async function delivered(ids: readonly string[]) {
    const done = (await adminJson('/api/admin/letters/delivered', 'POST', { ids })) as { delivered: number };
    notify(`${done.delivered === 1 ? '1 letter' : `${done.delivered} letters`} marked delivered`);
    await load();
  }

  return (
    <>
      <h2>{label}</h2>
      <SponsorNews />
      <div className="button-row" role="group" aria-label="Letters by state">
        {LETTER_STATES.map((candidate) => (
          <button
            key={candidate}
            type="button"
            className="button"
            aria-pressed={candidate === state}
            onClick={() => setState(candidate)}
          >
            {LETTER_STATE_LABELS[candidate]} ({answer?.counts[candidate] ?? 0})
          </button>
        ))}
      </div>
      {answer === null ? (
        <p>Loading letters…</p>
      ) : answer.letters.length === 0 ? (
        <p>No letters {LETTER_STATE_LABELS[state].toLowerCase()}.</p>
      ) : state === 'review' ? (
        answer.letters.map((letter) => <Review key={letter.id} letter={letter} onDone={() => void load()} />)
      ) : (
        <>
          {state === 'approved' && (
            <div className="button-row">
              <button type="button" className="button" onClick={() => void printBatch()}>
                Print the letters for the field visit (PDF)
              </button>
              <button type="button" className="button" onClick={() => void delivered(answer.letters.map((l) => l.id))}>
                Mark these {answer.letters.length} letters delivered
              </button>
            </div>
          )}
          <ul className="letters">
            {answer.letters.map((letter) => (
              <li key={letter.id}>
                <strong>
                  From {letter.sponsor_name} to {letter.child_name}, {formatNairobi(letter.created_at)}
                </strong>
                {letter.reason && <p>Reason given: {letter.reason}</p>}
                <p>{letter.body}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
