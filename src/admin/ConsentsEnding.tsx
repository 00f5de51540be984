import { useEffect, useState } from 'react';
import { adminJson } from './api.ts';
import { text } from './lib/format.ts';

type Ending = {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly valid_until: string;
  readonly days_left: number;
};

/** The consents ending within the next 30 days, soonest first, so staff renew them before the child leaves the site. */
export default function ConsentsEnding() {
  const [ending, setEnding] = useState<readonly Ending[] | null>(null);
  const [days, setDays] = useState(30);
  useEffect(() => {
    adminJson('/api/admin/consents-ending').then(
      (answer) => {
        const body = answer as { consents: Ending[]; days: number };
        setEnding(body.consents);
        setDays(body.days);
      },
      () => setEnding(null),
    );
  }, []);
  if (ending === null) return null;
  return (
    <div className="card consents-ending">
      <h3>Consents ending within {days} days</h3>
      {ending.length === 0 ? (
        <p>None: every consent runs for more than {days} days.</p>
      ) : (
        <ul>
          {ending.map((consent) => (
            <li key={consent.id}>
              <strong>{text(consent.name)}</strong> ({consent.slug}): ends {consent.valid_until}, in {consent.days_left}{' '}
              {consent.days_left === 1 ? 'day' : 'days'}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
