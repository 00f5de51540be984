import Field from './shared/form/Field.tsx';
import TrackForm from './shared/form/TrackForm.tsx';
import { useTrackForm } from './shared/form/useTrackForm.ts';

type Props = {
  /** What the visitor reads once the server has accepted the address (from src/lib/form-pages.ts). */
  success: string;
};

/**
 * Footer newsletter sign-up. The button reads 'Subscribe' until the server accepts the address, then
 * 'Check your inbox' (the subscription starts once the emailed link is opened), and the field clears. Without JavaScript the form posts and lands on /sent/newsletter/.
 */
export default function NewsletterForm({ success }: Props) {
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
          {kit.state === 'sent' ? 'Check your inbox' : 'Subscribe'}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {kit.state === 'sent' ? success : ''}
      </p>
    </TrackForm>
  );
}
