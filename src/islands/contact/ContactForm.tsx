import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { CONTACT_TYPES } from '../../schemas/options.ts';
import type { ContactSubmit } from '../../schemas/track.ts';
import { track } from '../../lib/track.ts';
import Honeypot from '../shared/Honeypot.tsx';

type Props = Record<never, never>;

/** How long the success message shows before the form comes back empty (spec §9). */
export const SUCCESS_MS = 5000;

type ContactType = (typeof CONTACT_TYPES)[number];
type Fields = Omit<ContactSubmit, 'type'> & { type: ContactType };

const EMPTY: Fields = { name: '', email: '', subject: '', message: '', type: 'general' };

const TYPE_LABELS: Record<ContactType, string> = {
  general: 'General enquiry',
  volunteer: 'Volunteering',
  donation: 'Donations',
  sponsorship: 'Child sponsorship',
  partnership: 'Partnerships',
  media: 'Media & press',
};

/**
 * The contact form (spec §4, §5, §7): the browser checks the required fields, the message goes to
 * `POST /api/admin/track` as `contact_submit`, and a success message shows for 5 seconds whether or not the call
 * worked; then the form is empty again with the type back on general.
 */
export default function ContactForm(_props: Props) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [website, setWebsite] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [sentTo, setSentTo] = useState('');
  const status = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (state !== 'sent') return;
    status.current?.focus();
    const timer = setTimeout(() => {
      setFields(EMPTY);
      setState('idle');
    }, SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setState('sending');
    // A failed call is swallowed (spec §8): the visitor sees the same success either way.
    await track('contact_submit', fields, { website });
    setSentTo(fields.name.trim());
    setState('sent');
  };

  return (
    <div className="contact-form">
      <div ref={status} role="status" tabIndex={-1} className="contact-form__status">
        {state === 'sent' && (
          <div className="contact-form__success">
            <p className="contact-form__success-title">
              Thank you{sentTo ? `, ${sentTo}` : ''}! Your message has been sent.
            </p>
            <p>We reply to every message within 24 hours.</p>
          </div>
        )}
      </div>
      <form
        className="form"
        onSubmit={(event) => void submit(event)}
        hidden={state === 'sent'}
        aria-labelledby={`${id}-title`}
      >
        <h2 id={`${id}-title`} className="contact-form__title">
          Send Us a Message
        </h2>
        <p className="field__hint">Fields marked * are required. We reply within 24 hours.</p>
        <div className="form__row">
          <div className="field">
            <label htmlFor={`${id}-name`}>Your Name *</label>
            <input
              id={`${id}-name`}
              name="name"
              required
              autoComplete="name"
              value={fields.name}
              onChange={(event) => set('name', event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>Email Address *</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              required
              autoComplete="email"
              value={fields.email}
              onChange={(event) => set('email', event.target.value)}
            />
          </div>
        </div>
        <div className="form__row">
          <div className="field">
            <label htmlFor={`${id}-type`}>What is it about?</label>
            <select
              id={`${id}-type`}
              name="type"
              value={fields.type}
              onChange={(event) => set('type', event.target.value as ContactType)}
            >
              {CONTACT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-subject`}>Subject *</label>
            <input
              id={`${id}-subject`}
              name="subject"
              required
              value={fields.subject}
              onChange={(event) => set('subject', event.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-message`}>Your Message *</label>
          <textarea
            id={`${id}-message`}
            name="message"
            required
            rows={6}
            value={fields.message}
            onChange={(event) => set('message', event.target.value)}
          />
        </div>
        <Honeypot value={website} onChange={setWebsite} />
        <div>
          <button type="submit" className="button" disabled={state === 'sending'}>
            {state === 'sending' ? 'Sending…' : 'Send Message'}
          </button>
        </div>
      </form>
    </div>
  );
}
