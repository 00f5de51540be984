import type { ChangeEvent, ReactNode } from 'react';
import { CHECKOUT_READY, FORM_TYPE_FIELD, NOT_SENT } from '../../../lib/forms.ts';
import { CONSENT_WORDING, PRIVACY_PATH } from '../../../lib/privacy.ts';
import type { TrackType } from '../../../schemas/track.ts';
import Honeypot from '../Honeypot.tsx';
import { FormErrors } from './context.ts';
import ErrorSummary from './ErrorSummary.tsx';
import type { TrackFormKit } from './useTrackForm.ts';

type Props = {
  /** The form's tracking type; also what a plain post sends. */
  type: TrackType;
  kit: TrackFormKit;
  className?: string;
  /** Id of the form's heading, for its accessible name. */
  labelledBy?: string;
  /** Where the form posts (default: the tracking function). */
  action?: string;
  /** Opens the answer in a new tab with no opener and no referrer (the payment forms). */
  newTab?: boolean;
  /** Follows changes of any field (for what the page shows beside the form). */
  onChange?: (event: ChangeEvent<HTMLFormElement>) => void;
  /** Fields and buttons. */
  children: ReactNode;
};

/**
 * A public form of the form kit: a real `<form method="post">` to the tracking function (so it works before and
 * without JavaScript), the error summary at its top, what the sender agrees to with a link to the privacy notice
 * (the wording the track function records), the honeypot, and a line saying when it was not sent yet (or, for a
 * gift form kept offline and sent later, where to pay).
 */
export default function TrackForm({
  type,
  kit,
  className,
  labelledBy,
  action = '/api/admin/track',
  newTab = false,
  onChange,
  children,
}: Props) {
  return (
    <form
      ref={kit.form}
      method="post"
      action={action}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className={['form', className].filter(Boolean).join(' ')}
      aria-labelledby={labelledBy}
      onSubmit={kit.onSubmit}
      onInput={kit.onInput}
      onChange={onChange}
    >
      <input type="hidden" name={FORM_TYPE_FIELD} value={type} />
      <ErrorSummary errors={kit.errors} ref={kit.summary} />
      <FormErrors value={kit.errors}>{children}</FormErrors>
      <p className="form-consent">
        {CONSENT_WORDING[type]} <a href={PRIVACY_PATH}>Privacy notice</a>
      </p>
      <Honeypot />
      <p className="form-status" role="status" data-state={kit.state}>
        {kit.state === 'not-sent' ? NOT_SENT : ''}
        {kit.state === 'sent' && kit.checkoutUrl ? (
          <>
            {CHECKOUT_READY}{' '}
            <a href={kit.checkoutUrl} target="_blank" rel="noopener noreferrer">
              Continue to secure payment<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </>
        ) : null}
      </p>
    </form>
  );
}
