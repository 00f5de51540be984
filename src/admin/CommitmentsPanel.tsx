import { useCallback, useEffect, useRef, useState } from 'react';
import { causeTitle, childName } from '../lib/plain-names.ts';
import { formatMoney } from '../lib/money.ts';
import { COMMITMENT_PAGE_MAX, type CommitmentAnswer, type CommitmentList } from '../schemas/commitments.ts';
import { ApiError, decideCommitment, fetchCommitments } from './api.ts';
import ConfirmDialog from './ConfirmDialog.tsx';
import Fold from './Fold.tsx';
import { notify } from './stores/toast.ts';
import { useScrollable } from './useScrollable.ts';

type Props = {
  /** Changes whenever the gift list changes, so a payment that arrives reloads the commitments too. */
  readonly reloadKey: unknown;
};

/** A commitment's state in staff's words. */
export const COMMITMENT_STATE_WORDS: Readonly<Record<CommitmentAnswer['state'], string>> = {
  pending: 'Waiting for the first payment',
  active: 'Paying',
  late: 'Late: one payment missed',
  lapsed: 'Stopped paying',
  paused: 'Paused',
  ended: 'Ended',
};

const INSTALMENT_WORDS = { due: 'due', paid: 'paid', late: 'late', missed: 'missed' } as const;

const METHOD_WORDS = { card: 'Card (charged by Paystack)', mpesa: 'M-Pesa', other: 'Paid by hand' } as const;

function who(commitment: CommitmentAnswer): string {
  const contact = [commitment.donor_email, commitment.donor_phone].filter(Boolean).join(', ');
  return `${commitment.donor_name ?? 'Anonymous'}${contact ? ` (${contact})` : ''}`;
}

/** A label inside a sentence: its first letter small, the names in it as they are. */
const inSentence = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

function what(commitment: CommitmentAnswer): string {
  if (commitment.kind === 'sponsorship') {
    return `Sponsorship of ${commitment.child_id ? childName(commitment.child_id) : 'a child'}`;
  }
  return `Gift to ${causeTitle(commitment.cause)}`;
}

function how(commitment: CommitmentAnswer): string {
  const every = commitment.interval_months === 1 ? 'month' : `${commitment.interval_months} months`;
  const account = commitment.account ? `, account ${commitment.account}` : '';
  return `${formatMoney(commitment.amount_subunits, commitment.currency)} every ${every} on day ${commitment.due_day}, ${METHOD_WORDS[commitment.method]}${account}`;
}

/** The last few instalments in words: "Jan 2026 paid, Feb 2026 missed". */
function instalmentsText(commitment: CommitmentAnswer): string {
  if (commitment.instalments.length === 0) return 'No payment yet';
  return commitment.instalments
    .slice(-6)
    .map((instalment) => {
      const month = new Date(`${instalment.period}T00:00:00Z`).toLocaleDateString('en-GB', {
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
      return `${month} ${INSTALMENT_WORDS[instalment.state]}`;
    })
    .join(', ');
}

type Decision = { commitment: CommitmentAnswer; action: 'end' | 'pause' | 'resume' | 'contacted' };

const DECISION_TEXT: Record<Decision['action'], { label: string; question: string; text: string }> = {
  end: {
    label: 'End',
    question: 'End this commitment?',
    text: 'No more payments are expected. For a sponsorship, the child goes back on the waiting lists once the site is rebuilt.',
  },
  pause: { label: 'Pause', question: 'Pause this commitment?', text: 'No payment is expected until you resume it.' },
  resume: {
    label: 'Resume',
    question: 'Resume this commitment?',
    text: 'Payments are expected again from the next due day; the months of the pause are not owed.',
  },
  contacted: {
    label: 'Mark contacted',
    question: 'Have you contacted the sponsor?',
    text: 'The task leaves the to-do list. The sponsorship stays until you end it.',
  },
};

/**
 * Monthly gifts and sponsorships: how many are paying, late and stopped, the sponsors staff are asked to contact
 * because their payments stopped, and every commitment with its recent payments; staff end, pause or resume one.
 */
export default function CommitmentsPanel({ reloadKey }: Props) {
  const [list, setList] = useState<CommitmentList | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [pending, setPending] = useState(false);
  // On a phone the table scrolls sideways, which the keyboard must reach too.
  const [frame, frameScrolls] = useScrollable<HTMLDivElement>();

  const [loadingMore, setLoadingMore] = useState(false);
  // How many rows are shown, so a reload keeps the pages staff opened; and which load is the latest, so an answer
  // that arrives after a newer load began is dropped.
  const shown = useRef(0);
  const latest = useRef(0);

  const load = useCallback(() => {
    const ticket = ++latest.current;
    fetchCommitments(shown.current > 0 ? { limit: Math.min(shown.current, COMMITMENT_PAGE_MAX) } : {}).then(
      (answer) => {
        if (ticket !== latest.current) return;
        shown.current = answer.commitments.length;
        setList(answer);
        setProblem(null);
      },
      (error: unknown) => {
        if (ticket !== latest.current) return;
        setProblem(error instanceof ApiError ? error.message : 'Could not load the commitments.');
      },
    );
  }, []);
  useEffect(load, [load, reloadKey]);

  const loadMore = async () => {
    if (!list?.next) return;
    // A reload that starts meanwhile wins: it asks for as many rows as are shown, so the older page is dropped.
    const ticket = latest.current;
    setLoadingMore(true);
    try {
      const answer = await fetchCommitments({ before: list.next });
      if (ticket !== latest.current) return;
      const commitments = [...list.commitments, ...answer.commitments];
      shown.current = commitments.length;
      setList({ ...list, commitments, next: answer.next });
    } catch (error) {
      if (ticket === latest.current) {
        setProblem(error instanceof ApiError ? error.message : 'Could not load more commitments.');
      }
    } finally {
      setLoadingMore(false);
    }
  };

  const decide = async () => {
    if (!deciding) return;
    setPending(true);
    try {
      await decideCommitment({ id: deciding.commitment.id, action: deciding.action });
      notify(`${DECISION_TEXT[deciding.action].label}: done`);
      setDeciding(null);
      load();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'The decision could not be saved.');
      setDeciding(null);
    } finally {
      setPending(false);
    }
  };

  const counts = list?.counts;
  const toContact = list?.toContact ?? [];
  const total = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : 0;
  const actionsFor = (commitment: CommitmentAnswer) => {
    const actions: Decision['action'][] = [];
    if (commitment.contact_due_at && !commitment.contact_done_at && commitment.state !== 'ended') {
      actions.push('contacted');
    }
    if (commitment.state === 'paused') actions.push('resume');
    else if (commitment.state !== 'ended' && commitment.state !== 'pending') actions.push('pause');
    if (commitment.state !== 'ended') actions.push('end');
    return actions;
  };
  const buttons = (commitment: CommitmentAnswer) =>
    actionsFor(commitment).map((action) => (
      <button key={action} type="button" className="button small" onClick={() => setDeciding({ commitment, action })}>
        {DECISION_TEXT[action].label}
        <span className="visually-hidden">
          {' '}
          {inSentence(what(commitment))} from {commitment.donor_name ?? 'an anonymous supporter'}
        </span>
      </button>
    ));

  return (
    <section className="commitments" aria-labelledby="commitments-title">
      <h3 id="commitments-title">Monthly gifts and sponsorships</h3>
      {problem && <p role="alert">{problem}</p>}
      {counts && (
        <p className="commitments__counts" data-testid="commitment-counts">
          {counts.active} paying · {counts.late} late · {counts.lapsed} stopped paying · {counts.paused} paused ·{' '}
          {counts.pending} waiting for a first payment
        </p>
      )}
      {toContact.length > 0 && (
        <div className="commitments__tasks" role="region" aria-label="Sponsors to contact">
          <h4>To do: contact these sponsors</h4>
          <ul className="plain-list">
            {toContact.map((commitment) => (
              <li key={commitment.id}>
                <p>
                  Contact {who(commitment)}: payments for the {inSentence(what(commitment))} stopped (
                  {instalmentsText(commitment)}). Only ending it puts the child back on the waiting lists.
                </p>
                <div className="button-row">{buttons(commitment)}</div>
              </li>
            ))}
          </ul>
        </div>
      )}
      {list && (
        <Fold summary={`All commitments (${total})`}>
          {list.commitments.length === 0 ? (
            <p>No monthly gifts or sponsorships yet.</p>
          ) : (
            <div
              ref={frame}
              className="table-frame"
              role="region"
              aria-label="All commitments"
              tabIndex={frameScrolls ? 0 : undefined}
            >
              <table className="commitments__table">
                <caption className="visually-hidden">Monthly gifts and sponsorships</caption>
                <thead>
                  <tr>
                    <th scope="col">Supporter</th>
                    <th scope="col">Supports</th>
                    <th scope="col">Amount and method</th>
                    <th scope="col">State</th>
                    <th scope="col">Recent payments</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {list.commitments.map((commitment) => (
                    <tr key={commitment.id} data-state={commitment.state}>
                      <td>{who(commitment)}</td>
                      <td>{what(commitment)}</td>
                      <td>{how(commitment)}</td>
                      <td>
                        {COMMITMENT_STATE_WORDS[commitment.state]}
                        {commitment.stop_reason ? ` (${commitment.stop_reason})` : ''}
                      </td>
                      <td>{instalmentsText(commitment)}</td>
                      <td>
                        <div className="button-row">{buttons(commitment)}</div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {list.next && (
            <p>
              Showing the newest {list.commitments.length} of {total}.{' '}
              <button type="button" className="button small" disabled={loadingMore} onClick={() => void loadMore()}>
                {loadingMore ? 'Loading…' : 'Show older commitments'}
              </button>
            </p>
          )}
        </Fold>
      )}
      {deciding && (
        <ConfirmDialog
          title={DECISION_TEXT[deciding.action].question}
          text={`${what(deciding.commitment)} from ${who(deciding.commitment)}. ${DECISION_TEXT[deciding.action].text}`}
          confirmLabel={DECISION_TEXT[deciding.action].label}
          pending={pending}
          onCancel={() => setDeciding(null)}
          onConfirm={() => void decide()}
        />
      )}
    </section>
  );
}
