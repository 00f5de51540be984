import { useId, useState, type SubmitEvent } from 'react';
import { ApiError } from './api.ts';
import {
  correctPerson,
  erasePerson,
  exportPerson,
  linkPerson,
  searchPerson,
  type ErasureAnswer,
  type PersonAnswer,
  type PersonKey,
  type PossibleMatch,
} from './people-api.ts';
import { saveFile } from './download.ts';
import { formatNairobi } from './lib/dates.ts';
import { text } from './lib/format.ts';
import { cellText, columnLabel, recordsSentence, shownColumns } from './lib/person-records.ts';
import { notify } from './stores/toast.ts';

type Props = Record<string, never>;

/** A form field's text ('' when absent). */
const field = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};

/** What staff call each kind of identifier. */
const KIND_LABEL: Readonly<Record<PossibleMatch['kind'], string>> = {
  email: 'Email address',
  phone: 'Phone number',
  name: 'Name',
};

/** An identifier as staff read it (a phone with its `+`). */
const identifierText = (match: PossibleMatch) => (match.kind === 'phone' ? `+${match.value}` : match.value);

/** Records by kind, one fold per kind that has any: a sentence, then a table of what staff read. */
function RecordList(props: { tables: PersonAnswer['tables']; rows: PersonAnswer['person']['tables']; open: boolean }) {
  return props.tables
    .filter((table) => (props.rows[table.table]?.length ?? 0) > 0)
    .map((table) => {
      const rows = props.rows[table.table] ?? [];
      const columns = shownColumns(rows);
      return (
        <details key={table.table} open={props.open}>
          <summary>
            {table.label} ({rows.length})
          </summary>
          <p>{recordsSentence(table.label, rows)}</p>
          {/* Focusable, so a keyboard can scroll a table wider than the screen. */}
          <div className="table-scroll" role="region" aria-label={table.label} tabIndex={0}>
            <table className="people-records">
              <caption className="visually-hidden">{table.label}</caption>
              <thead>
                <tr>
                  {columns.map((key) => (
                    <th key={key} scope="col">
                      {columnLabel(key)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={text(row['id'])}>
                    {columns.map((key) => (
                      <td key={key}>{cellText(row, key)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      );
    });
}

/**
 * A person's page: search by the email or phone their request came from, see every record held about them, export it
 * (JSON or CSV), correct a field, or erase them. Records found beside them under another address, phone or name are
 * shown apart as possibly the same person, and join only when staff confirm it, saying how they know. Every change and
 * export asks for the reason the audit trail keeps.
 */
export default function PeoplePanel(_props: Props) {
  const id = useId();
  const [who, setWho] = useState<PersonKey | null>(null);
  const [found, setFound] = useState<PersonAnswer | null>(null);
  const [erased, setErased] = useState<ErasureAnswer | null>(null);
  // What each table is called, kept from the search for the erasure's summary (the search is cleared by it).
  const [labels, setLabels] = useState<Readonly<Record<string, string>>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setProblem('');
    try {
      return await work();
    } catch (error) {
      const message = error instanceof ApiError ? (error.issues[0]?.message ?? error.message) : 'Something went wrong';
      setProblem(message);
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function search(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const value = field(new FormData(event.currentTarget), 'who').trim();
    const key: PersonKey = value.includes('@') ? { email: value } : { phone: value };
    const answer = await run(() => searchPerson(key));
    if (!answer) return;
    setWho(key);
    setFound(answer);
    setErased(null);
    setConfirming(false);
  }

  const reason = () => (document.getElementById(`${id}-reason`) as HTMLInputElement | null)?.value ?? '';

  async function download(format: 'json' | 'csv'): Promise<void> {
    if (!who) return;
    const file = await run(() => exportPerson(who, reason(), format));
    if (!file) return;
    saveFile(file.blob, file.filename);
    notify(`Exported to ${file.filename}`);
  }

  async function correct(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (!who) return;
    const data = new FormData(event.currentTarget);
    const [table = '', rowId = '', column = ''] = field(data, 'field').split(':');
    const value = field(data, 'value');
    const done = await run(async () => {
      await correctPerson({ table, id: rowId, column, value, reason: reason() });
      return true;
    });
    if (!done) return;
    notify('Correction saved');
    const refreshed = await run(() => searchPerson(who));
    if (refreshed) setFound(refreshed);
  }

  async function confirmMatch(event: SubmitEvent<HTMLFormElement>, identifier: string): Promise<void> {
    event.preventDefault();
    if (!who) return;
    const why = field(new FormData(event.currentTarget), 'why');
    const done = await run(async () => {
      await linkPerson(who, identifier, why);
      return true;
    });
    if (!done) return;
    notify('Confirmed as the same person');
    const refreshed = await run(() => searchPerson(who));
    if (refreshed) setFound(refreshed);
  }

  async function erase(): Promise<void> {
    if (!who) return;
    const answer = await run(() => erasePerson(who, reason()));
    if (!answer) return;
    setErased(answer);
    if (found) setLabels(Object.fromEntries(found.tables.map((table) => [table.table, table.label])));
    setFound(null);
    setConfirming(false);
    notify('Person erased');
  }

  const tables = found ? found.tables.filter((table) => (found.person.tables[table.table]?.length ?? 0) > 0) : [];
  const mentioned = found ? Object.values(found.person.mentions).reduce((sum, n) => sum + n, 0) : 0;
  const fields = found
    ? found.tables.flatMap((table) =>
        (found.person.tables[table.table] ?? []).flatMap((row) =>
          table.correctable.map((column) => ({
            value: `${table.table}:${text(row['id'])}:${column}`,
            label: `${table.label} #${text(row['id'])}: ${columnLabel(column)} (${cellText(row, column)})`,
          })),
        ),
      )
    : [];

  return (
    <section aria-labelledby={`${id}-title`} className="privacy-section">
      <h3 id={`${id}-title`}>A person's data</h3>
      <form className="people-search" aria-labelledby={`${id}-title`} onSubmit={(event) => void search(event)}>
        <div className="field">
          <label htmlFor={`${id}-who`}>Email address or phone number</label>
          <input id={`${id}-who`} name="who" required autoComplete="off" />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Find everything held
        </button>
      </form>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {erased && (
        <section aria-label="Erasure done" className="people-result">
          <p role="status">
            Erased:{' '}
            {Object.entries(erased.erased)
              .map(
                ([table, count]) =>
                  `${labels[table] ?? table.replaceAll('_', ' ')}: ${count.deleted} deleted, ${count.anonymised} anonymised`,
              )
              .join('; ')}
            .
          </p>
          <p>
            Backups made before the erasure still hold this person until they are destroyed:{' '}
            {erased.backupsStillHolding.length === 0
              ? 'none.'
              : erased.backupsStillHolding.map((backup) => `${backup.file} (${formatNairobi(backup.ts)})`).join(', ')}
          </p>
        </section>
      )}
      {found && (
        <section aria-label="What we hold" className="people-result">
          <p>
            {tables.length === 0
              ? 'Nothing is held about this person.'
              : `Found in ${tables.length === 1 ? '1 kind of record' : `${tables.length} kinds of record`}: ${[...found.person.emails, ...found.person.phones.map((phone) => `+${phone}`), ...found.person.names].join(', ')}`}
          </p>
          <RecordList tables={found.tables} rows={found.person.tables} open />
          {mentioned > 0 && (
            <p>
              {mentioned === 1
                ? "1 record of someone else (a message, a note, an email) mentions this person's"
                : `${mentioned} records of other people (messages, notes, emails) mention this person's`}{' '}
              address, phone or confirmed name: erasure removes the mention and keeps the record.
            </p>
          )}
          <div className="field">
            <label htmlFor={`${id}-reason`}>Reason (kept in the audit trail)</label>
            <input id={`${id}-reason`} name="reason" autoComplete="off" />
          </div>
          <div className="button-row">
            <button type="button" className="button" disabled={busy} onClick={() => void download('json')}>
              Export JSON
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void download('csv')}>
              Export CSV
            </button>
            {!confirming ? (
              <button type="button" className="button danger" disabled={busy} onClick={() => setConfirming(true)}>
                Erase this person
              </button>
            ) : (
              <button type="button" className="button danger" disabled={busy} onClick={() => void erase()}>
                Confirm erasure
              </button>
            )}
          </div>
          {fields.length > 0 && (
            <form className="people-correct" onSubmit={(event) => void correct(event)}>
              <div className="field">
                <label htmlFor={`${id}-field`}>Field to correct</label>
                <select id={`${id}-field`} name="field">
                  {fields.map((field) => (
                    <option key={field.value} value={field.value}>
                      {field.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-value`}>Corrected value</label>
                <input id={`${id}-value`} name="value" required autoComplete="off" />
              </div>
              <button type="submit" className="button" disabled={busy}>
                Save correction
              </button>
            </form>
          )}
          {found.backups.length > 0 && (
            <p>
              Backups made so far (they keep what they held): {found.backups.map((backup) => backup.file).join(', ')}
            </p>
          )}
        </section>
      )}
      {found && found.person.possibly.length > 0 && (
        <section aria-labelledby={`${id}-possibly`} className="people-possibly">
          <h4 id={`${id}-possibly`}>Possibly the same person</h4>
          <p>
            These records share an address, phone number or name with this person but may be someone else's. They are
            not exported or erased until you confirm that they are the same person.
          </p>
          {found.person.possibly.map((match, index) => (
            <article key={match.identifier} aria-labelledby={`${id}-match-${index}`} className="people-match">
              <h5 id={`${id}-match-${index}`}>
                {KIND_LABEL[match.kind]}: {identifierText(match)}
              </h5>
              <RecordList tables={found.tables} rows={match.tables} open={false} />
              <form className="people-correct" onSubmit={(event) => void confirmMatch(event, match.identifier)}>
                <div className="field">
                  <label htmlFor={`${id}-why-${index}`}>How you know this is the same person</label>
                  <input id={`${id}-why-${index}`} name="why" required minLength={3} autoComplete="off" />
                </div>
                <button type="submit" className="button" disabled={busy}>
                  Confirm same person
                </button>
              </form>
            </article>
          ))}
        </section>
      )}
    </section>
  );
}
