import { useEffect, useState } from 'react';
import { LETTER_STATE_LABELS, LettersAnswer } from '../schemas/letters.ts';
import { adminJson } from './api.ts';
import { formatNairobi } from './lib/dates.ts';

/** Every letter sponsors wrote to this child, newest first, with where each stands (reviewed in the Letters tab). */
export default function ChildLetters({ id }: { readonly id: string }) {
  const [answer, setAnswer] = useState<LettersAnswer | null>(null);
  useEffect(() => {
    adminJson(`/api/admin/letters?child=${encodeURIComponent(id)}`).then(
      (body) => setAnswer(LettersAnswer.parse(body)),
      () => setAnswer(null),
    );
  }, [id]);
  if (!answer) return null;
  return (
    <>
      <h4>Letters from sponsors</h4>
      {answer.letters.length === 0 ? (
        <p>No letters yet.</p>
      ) : (
        <ul className="child-letters">
          {answer.letters.map((letter) => (
            <li key={letter.id}>
              From {letter.sponsor_name}, {formatNairobi(letter.created_at)}: {LETTER_STATE_LABELS[letter.state]}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
