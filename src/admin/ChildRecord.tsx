import { useCallback, useEffect, useState } from 'react';
import ActionForm, { problem } from './ActionForm.tsx';
import { adminJson, fetchDownload } from './api.ts';
import { saveFile } from './download.ts';
import { formatNairobi } from './lib/dates.ts';
import { text } from './lib/format.ts';
import { reloadResource } from './stores/data.ts';
import { notify } from './stores/toast.ts';
import { COVER_LABELS, CONSENT_FIELDS } from './lib/consent-fields.ts';
import ChildNews from './ChildNews.tsx';
import ChildLetters from './ChildLetters.tsx';
import ChildExit from './ChildExit.tsx';

type Props = { readonly id: string };

type Json = Record<string, unknown>;
type History = { consents: Json[]; sponsorships: Json[]; trail: Json[] };

const covers = (value: unknown) =>
  Array.isArray(value)
    ? value.map((part) => COVER_LABELS[part as keyof typeof COVER_LABELS] ?? text(part)).join(', ')
    : '';

const CONSENT_FORM = CONSENT_FIELDS.map((field) => ({
  name: field.name,
  label: field.label,
  kind: field.kind as 'text' | 'date' | 'checks',
  ...(field.options ? { options: field.options } : {}),
  ...(field.required ? { required: true } : {}),
  ...(field.hint ? { hint: field.hint } : {}),
}));

const SPONSOR_FORM = [
  { name: 'sponsor_name', label: 'Sponsor name', kind: 'text', required: true },
  { name: 'sponsor_email', label: 'Sponsor email', kind: 'text' },
  { name: 'amount', label: 'Amount per period', kind: 'number', required: true },
  {
    name: 'currency',
    label: 'Currency',
    kind: 'select',
    options: [
      ['KES', 'KES'],
      ['USD', 'USD'],
    ],
  },
  {
    name: 'frequency',
    label: 'Frequency',
    kind: 'select',
    options: [
      ['monthly', 'Monthly'],
      ['yearly', 'Yearly'],
      ['one-time', 'One time'],
    ],
  },
] as const;

/**
 * What hangs off a child in /samu: the current consent (withdraw it, or record a new one), the sponsorship (record
 * or end it) and the history of every change, consents withdrawn included.
 */
export default function ChildRecord({ id }: Props) {
  const [history, setHistory] = useState<History | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const base = `/api/admin/children/${encodeURIComponent(id)}`;

  const load = useCallback(async () => {
    try {
      setHistory((await adminJson(`${base}/history`)) as History);
      setLoadError(null);
    } catch (failure) {
      setLoadError(problem(failure));
    }
  }, [base]);
  useEffect(() => void load(), [load]);

  async function act(part: string, body: unknown, done: string) {
    await adminJson(`${base}/${part}`, 'POST', body);
    notify(done);
    await load();
    void reloadResource('children');
  }

  if (loadError) return <p role="alert">Could not load the consent and history: {loadError}</p>;
  if (!history) return <p>Loading consent and history…</p>;
  const current = history.consents.find((consent) => consent['withdrawn_at'] === null);
  const active = history.sponsorships.find((sponsorship) => sponsorship['state'] === 'active');

  return (
    <section className="card child-record" aria-label="Consent, sponsorship and history">
      <h4>Consent</h4>
      {current ? (
        <>
          <p className="child-consent">
            Given by {text(current['guardian_name'])} ({text(current['guardian_relation'])}) on{' '}
            {text(current['given_on'])}, form {text(current['form_ref'])}. Covers {covers(current['covers'])} until{' '}
            {text(current['valid_until'])}.
          </p>
          <div className="field">
            <label htmlFor={`${id}-withdraw-note`}>Withdrawal note</label>
            <input id={`${id}-withdraw-note`} value={note} onChange={(event) => setNote(event.target.value)} />
          </div>
          <button
            type="button"
            className="button danger"
            onClick={() =>
              void act('consent-withdrawal', { note }, 'Consent withdrawn: the child leaves the site').catch(
                (failure: unknown) => notify(problem(failure), 'error'),
              )
            }
          >
            Withdraw consent
          </button>
        </>
      ) : (
        <p className="child-consent">No consent on record: the child is not on the site.</p>
      )}
      <p>
        <a
          className="button small"
          href={`${base}/consent-form`}
          onClick={(event) => {
            event.preventDefault();
            fetchDownload(event.currentTarget.getAttribute('href') ?? '')
              .then(({ blob, filename }) => saveFile(blob, filename))
              .catch((failure: unknown) => notify(problem(failure), 'error'));
          }}
        >
          Consent form to print (Kiswahili and English)
        </a>
      </p>
      <ActionForm
        title={current ? 'Record a new consent (renewal or change)' : 'Record consent'}
        fields={CONSENT_FORM}
        initial={{ covers: 'profile' }}
        submit="Record consent"
        onSubmit={(form) => act('consents', form, 'Consent recorded')}
      />

      <h4>Sponsorship</h4>
      {active ? (
        <>
          <p className="child-sponsorship">
            Sponsored by {text(active['sponsor_name'])} since {formatNairobi(active['started_at'])} (
            {text(active['frequency'])}
            {typeof active['amount_subunits'] === 'number'
              ? `, ${text(active['currency'])} ${(active['amount_subunits'] / 100).toLocaleString('en')}`
              : ''}
            ).
          </p>
          <div className="button-row">
            <button
              type="button"
              className="button"
              onClick={() =>
                void act('sponsorship-end', { left: false }, 'Sponsorship ended: the child is waiting again').catch(
                  (failure: unknown) => notify(problem(failure), 'error'),
                )
              }
            >
              End sponsorship
            </button>
            <button
              type="button"
              className="button"
              onClick={() =>
                void act('sponsorship-end', { left: true }, 'Sponsorship ended: the child left the programme').catch(
                  (failure: unknown) => notify(problem(failure), 'error'),
                )
              }
            >
              End sponsorship: left the programme
            </button>
          </div>
        </>
      ) : (
        <ActionForm
          title="Mark as sponsored"
          fields={SPONSOR_FORM}
          initial={{ currency: 'KES', frequency: 'monthly' }}
          submit="Mark as sponsored"
          onSubmit={(form) => act('sponsorship', form, 'Sponsorship recorded')}
        />
      )}

      <ChildNews id={id} />
      <ChildLetters id={id} />
      <ChildExit id={id} onRecorded={() => void load()} />

      <h4>History</h4>
      <table className="child-history">
        <caption className="visually-hidden">Changes to this child</caption>
        <thead>
          <tr>
            <th scope="col">When (Nairobi)</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
          </tr>
        </thead>
        <tbody>
          {history.trail.map((entry) => (
            <tr key={text(entry['id'])}>
              <td>{formatNairobi(entry['ts'])}</td>
              <td>{text(entry['actor']) || 'The website'}</td>
              <td>{text(entry['change'])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h5>Consents on record</h5>
      <ul className="child-consents">
        {history.consents.map((consent) => (
          <li key={text(consent['id'])}>
            {text(consent['form_ref'])}: {text(consent['guardian_name'])} ({text(consent['guardian_relation'])}),{' '}
            {covers(consent['covers'])}, {text(consent['given_on'])} to {text(consent['valid_until'])}
            {consent['withdrawn_at'] !== null
              ? ` — withdrawn ${formatNairobi(consent['withdrawn_at'])} by ${text(consent['withdrawn_by'])}${consent['withdrawal_note'] ? `: ${text(consent['withdrawal_note'])}` : ''}`
              : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
