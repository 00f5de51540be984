import { useEffect, useState } from 'react';
import { SponsorNewsAnswer, UPDATE_DUE_MONTHS } from '../schemas/child-updates.ts';
import { adminJson } from './api.ts';
import { formatNairobi } from './lib/dates.ts';

/**
 * Every sponsored child with when their sponsor last heard anything, longest silence first; those silent for
 * six months or more are listed as due news.
 */
export default function SponsorNews() {
  const [answer, setAnswer] = useState<SponsorNewsAnswer | null>(null);
  useEffect(() => {
    adminJson('/api/admin/sponsor-news').then(
      (body) => setAnswer(SponsorNewsAnswer.parse(body)),
      () => setAnswer(null),
    );
  }, []);
  if (answer === null || answer.children.length === 0) return null;
  const due = answer.children.filter((child) => child.due);
  return (
    <div className="card sponsor-news">
      <h3>
        Sponsors due news: {due.length} of {answer.children.length}
      </h3>
      <p>Sponsors who have heard nothing for {UPDATE_DUE_MONTHS} months are due news of their child.</p>
      <table>
        <caption className="visually-hidden">When the sponsors last heard from their children</caption>
        <thead>
          <tr>
            <th scope="col">Child</th>
            <th scope="col">Sponsor</th>
            <th scope="col">Last heard</th>
          </tr>
        </thead>
        <tbody>
          {answer.children.map((child) => (
            <tr key={child.child_id}>
              <td>
                {child.name}
                {child.due && <strong className="badge"> Due</strong>}
              </td>
              <td>{child.sponsor_name}</td>
              <td>
                {formatNairobi(child.last_heard)}
                {child.last_news ? '' : ' (sponsorship began; no news yet)'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
