import { useEffect, useState } from 'react';
import { fetchRetention, type RetentionAnswer } from './api.ts';
import { formatNairobi } from './lib/dates.ts';
import { periodText } from '../lib/retention.ts';

type Props = Record<string, never>;

/** The retention periods in force, and when retention last ran and how many rows of each kind it removed. */
export default function RetentionStatus(_props: Props) {
  const [answer, setAnswer] = useState<RetentionAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetchRetention().then(setAnswer, () => setFailed(true));
  }, []);

  /** What staff call each kind of record retention removes (a key the rules do not name, in words). */
  const labelOf = (kind: string) =>
    answer?.rules.find((rule) => rule.key === kind)?.label ??
    kind.replaceAll(/([a-z])([A-Z])|_/g, '$1 $2').toLowerCase();

  return (
    <section aria-labelledby="retention-title" className="privacy-section">
      <h3 id="retention-title">Retention</h3>
      {failed && <p className="form-error">The retention status could not be read.</p>}
      {answer && (
        <>
          <ul className="retention-rules">
            {answer.rules.map((rule) => (
              <li key={rule.key}>
                {rule.label}: {rule.action} after {periodText(rule.days)}
              </li>
            ))}
          </ul>
          <p>
            {answer.lastRun
              ? `Last run ${formatNairobi(answer.lastRun.ts)} (Nairobi): ${Object.entries(answer.lastRun.removed)
                  .map(([kind, count]) => `${labelOf(kind)}: ${count} removed`)
                  .join(', ')}.`
              : 'Retention has not run yet.'}
          </p>
        </>
      )}
    </section>
  );
}
