import Field from './shared/form/Field.tsx';
import TrackForm from './shared/form/TrackForm.tsx';
import { useTrackForm } from './shared/form/useTrackForm.ts';

/**
 * Footer newsletter sign-up. The button reads 'Subscribe' until the server accepts the address, then
 * 'Subscribed', and the field clears (spec §7). Without JavaScript the form posts and lands on /sent/newsletter/.
 */
export default function NewsletterForm() {
  const kit = useTrackForm();
  return (
    <TrackForm type="newsletter_subscribe" kit={kit} className="newsletter">
      <div className="newsletter__row">
        <Field
          name="email"
          label="Email address"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
        />
        <button type="submit" className="button" disabled={kit.state === 'sending'}>
          {kit.state === 'sent' ? 'Subscribed' : 'Subscribe'}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {kit.state === 'sent' ? 'Thank you, you are subscribed to our newsletter.' : ''}
      </p>
    </TrackForm>
  );
}
