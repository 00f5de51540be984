import type { ChangeEvent, ReactNode } from 'react';
import { FORM_TYPE_FIELD, LANGUAGE_FIELD } from '../../../lib/forms.ts';
import { PRIVACY_PATH } from '../../../lib/privacy.ts';
import { wordsT } from '../../../i18n/words.ts';
import type { TrackType } from '../../../schemas/track.ts';
import Honeypot from '../Honeypot.tsx';
import { FormErrors } from './context.ts';
import { FormLanguage, type IslandLanguage } from './language.ts';
import ErrorSummary from './ErrorSummary.tsx';
import type { TrackFormKit } from './useTrackForm.ts';

type Props = {
  /** The form's tracking type; also what a plain post sends. */
  type: TrackType;
  kit: TrackFormKit;
  /** The page's language: sent with the form, and the words of the kit's parts. */
  language: IslandLanguage;
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
  language,
  className,
  labelledBy,
  action = '/api/admin/track',
  newTab = false,
  onChange,
  children,
}: Props) {
  const t = wordsT(language.words);
  const privacy = language.locale === 'en' ? PRIVACY_PATH : `/${language.locale}${PRIVACY_PATH}`;
  return (
    <FormLanguage value={language}>
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
        <input type="hidden" name={LANGUAGE_FIELD} value={language.locale} />
        <ErrorSummary errors={kit.errors} ref={kit.summary} />
        <FormErrors value={kit.errors}>{children}</FormErrors>
        <p className="form-consent">
          {language.consent} <a href={privacy}>{t('form.privacy')}</a>
        </p>
        <Honeypot />
        <p className="form-status" role="status" data-state={kit.state}>
          {kit.state === 'not-sent' ? t('form.notSent') : ''}
          {kit.state === 'sent' && kit.checkoutUrl ? (
            <>
              {t('form.checkoutReady')}{' '}
              <a href={kit.checkoutUrl} target="_blank" rel="noopener noreferrer">
                {t('form.continuePayment')}
                <span className="visually-hidden">{t('form.opensNewTab')}</span>
              </a>
            </>
          ) : null}
        </p>
      </form>
    </FormLanguage>
  );
}
