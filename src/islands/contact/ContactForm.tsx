import { useEffect, useId, useRef, useState } from 'react';
import { CONTACT_TYPES } from '../../schemas/options.ts';
import Field from '../shared/form/Field.tsx';
import PersonFields from '../shared/form/PersonFields.tsx';
import TrackForm from '../shared/form/TrackForm.tsx';
import { useTrackForm } from '../shared/form/useTrackForm.ts';
import { wordsT } from '../../i18n/words.ts';
import { CONTACT_PROMISE } from '../../lib/contact-cases.ts';
import type { IslandLanguage } from '../shared/form/language.ts';
import type { MessageKey } from '../../i18n/catalogue.ts';

type Props = {
  /** The page's language and the form's words (`contactForm.`). */
  language: IslandLanguage;
};

/** How long the success message shows before the form comes back empty. */
export const SUCCESS_MS = 5000;

const TYPE_LABELS: Record<(typeof CONTACT_TYPES)[number], MessageKey> = {
  general: 'contactForm.general',
  volunteer: 'contactForm.volunteer',
  donation: 'contactForm.donation',
  sponsorship: 'contactForm.sponsorship',
  partnership: 'contactForm.partnership',
  media: 'contactForm.media',
};

/**
 * The contact form: the message goes to `POST /api/admin/track` as `contact_submit`; once the
 * server has accepted it a success message shows for 5 seconds, then the form is empty again with the type back
 * on general. A message that could not be sent stays in the form and is resent when the connection returns.
 */
export default function ContactForm({ language }: Props) {
  const t = wordsT(language.words);
  const hours = CONTACT_PROMISE.hours;
  const typeOptions = CONTACT_TYPES.map((value) => ({ value, label: t(TYPE_LABELS[value]) }));
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
              {sentTo ? t('contactForm.thanksName', { name: sentTo }) : t('contactForm.thanks')}
            </p>
            <p>{t('contactForm.reply', { hours })}</p>
          </div>
        )}
      </div>
      <div hidden={state === 'sent'}>
        <TrackForm type="contact_submit" kit={kit} language={language} labelledBy={`${id}-title`}>
          <h2 id={`${id}-title`} className="contact-form__title">
            {t('contactForm.title')}
          </h2>
          <p className="field__hint">{t('contactForm.requiredNote', { hours })}</p>
          <PersonFields nameLabel={t('contactForm.name')} emailLabel={t('contactForm.email')} />
          <div className="form__row">
            <Field
              name="type"
              label={t('contactForm.about')}
              as="select"
              options={typeOptions}
              defaultValue="general"
            />
            <Field name="subject" label={t('contactForm.subject')} required />
          </div>
          <Field name="message" label={t('contactForm.message')} as="textarea" rows={6} required />
          <div>
            <button type="submit" className="button" disabled={state === 'sending'}>
              {state === 'sending' ? t('contactForm.sending') : t('contactForm.send')}
            </button>
          </div>
        </TrackForm>
      </div>
    </div>
  );
}
