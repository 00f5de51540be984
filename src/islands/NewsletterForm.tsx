import { useId, useState, type FormEvent } from 'react';
import { track } from '../lib/track.ts';
import Honeypot from './shared/Honeypot.tsx';

/**
 * Footer newsletter sign-up. The button reads 'Subscribe' until the request resolves, then 'Subscribed', and
 * the field clears. A failure is swallowed (spec §8): the visitor is never shown an error for it.
 */
export default function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'subscribed'>('idle');
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setState('sending');
    await track('newsletter_subscribe', { email }, { website });
    setEmail('');
    setState('subscribed');
  };

  return (
    <form className="newsletter" onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${id}-email`} className="newsletter__label">
        Email address
      </label>
      <div className="newsletter__row">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button" disabled={state === 'sending'}>
          {state === 'subscribed' ? 'Subscribed' : 'Subscribe'}
        </button>
      </div>
      <Honeypot value={website} onChange={setWebsite} />
      <p className="visually-hidden" role="status">
        {state === 'subscribed' ? 'Thank you, you are subscribed to our newsletter.' : ''}
      </p>
    </form>
  );
}
