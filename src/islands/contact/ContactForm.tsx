import { useEffect, useId, useRef, useState } from 'react';
import { CONTACT_TYPES } from '../../schemas/options.ts';
import Field from '../shared/form/Field.tsx';
import PersonFields from '../shared/form/PersonFields.tsx';
import TrackForm from '../shared/form/TrackForm.tsx';
import { useTrackForm } from '../shared/form/useTrackForm.ts';

type Props = Record<never, never>;

/** How long the success message shows before the form comes back empty. */
export const SUCCESS_MS = 5000;

const TYPE_LABELS: Record<(typeof CONTACT_TYPES)[number], string> = {
  general: 'General enquiry',
  volunteer: 'Volunteering',
  donation: 'Donations',
  sponsorship: 'Child sponsorship',
  partnership: 'Partnerships',
  media: 'Media & press',
};

const TYPE_OPTIONS = CONTACT_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));

/**
 * The contact form: the message goes to `POST /api/admin/track` as `contact_submit`; once the
 * server has accepted it a success message shows for 5 seconds, then the form is empty again with the type back
 * on general. A message that could not be sent stays in the form and is resent when the connection returns.
 */
export default function ContactForm(_props: Props) {
  const [sentTo, setSentTo] = useState('');
  const kit = useTrackForm({
    onSent: (body) => setSentTo(typeof body.payload['name'] === 'string' ? body.payload['name'].trim() : ''),
  });
  const { state, clear } = kit;
  const status = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (state !== 'sent') return;
    status.current?.focus();
    const timer = setTimeout(clear, SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [state, clear]);

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
      <div hidden={state === 'sent'}>
        <TrackForm type="contact_submit" kit={kit} labelledBy={`${id}-title`}>
          <h2 id={`${id}-title`} className="contact-form__title">
            Send Us a Message
          </h2>
          <p className="field__hint">Fields marked * are required. We reply within 24 hours.</p>
          <PersonFields nameLabel="Your Name" emailLabel="Email Address" />
          <div className="form__row">
            <Field name="type" label="What is it about?" as="select" options={TYPE_OPTIONS} defaultValue="general" />
            <Field name="subject" label="Subject" required />
          </div>
          <Field name="message" label="Your Message" as="textarea" rows={6} required />
          <div>
            <button type="submit" className="button" disabled={state === 'sending'}>
              {state === 'sending' ? 'Sending…' : 'Send Message'}
            </button>
          </div>
        </TrackForm>
      </div>
    </div>
  );
}
