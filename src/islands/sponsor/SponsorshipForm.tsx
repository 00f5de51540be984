import { useEffect } from 'react';
import { CHECKOUT_ACTION } from '../../lib/payment.ts';
import { $sponsorshipType } from '../../lib/sponsorship-store.ts';
import { SPONSORSHIP_TYPE_INFO, sponsorshipPrice } from '../../lib/sponsorship-types.ts';
import { showToast } from '../../lib/toast.ts';
import { SPONSORSHIP_PAY_WITH, SPONSORSHIP_PAYMENT_METHODS } from '../../schemas/options.ts';
import Field from '../shared/form/Field.tsx';
import FormActions from '../shared/form/FormActions.tsx';
import PersonFields from '../shared/form/PersonFields.tsx';
import TrackForm from '../shared/form/TrackForm.tsx';
import { adoptChoices, presetSelect } from '../shared/form/preset.ts';
import { useTrackForm } from '../shared/form/useTrackForm.ts';
import { closeDialog } from '../shared/Modal.tsx';
import type { IslandLanguage } from '../shared/form/language.ts';
import { wordsT } from '../../i18n/words.ts';

const FREQUENCY_LABELS = {
  monthly: 'sponsorForm.monthly',
  quarterly: 'sponsorForm.quarterly',
  annual: 'sponsorForm.annual',
} as const satisfies Record<(typeof SPONSORSHIP_PAYMENT_METHODS)[number], string>;

const PAY_WITH_LABELS = {
  card: 'sponsorForm.payCard',
  mpesa: 'sponsorForm.payMpesa',
} as const satisfies Record<(typeof SPONSORSHIP_PAY_WITH)[number], string>;

type Props = {
  /** Id of the child to sponsor (sent with the form). */
  childId: string;
  /** First name of the child, for the message label. */
  childName: string;
  /** The child's monthly need in US dollars: the price of full sponsorship for this child. */
  childUsd: number;
  /** The dialog holding the form. */
  dialogId: string;
  /** The success alert shown once the server has accepted the form (from src/lib/form-pages.ts, passed in so no script ships it). */
  success: string;
  /** The page's language (the form kit's words and the form's, `sponsorForm.`; the consent line). */
  language: IslandLanguage;
};

/**
 * The sponsorship application for one child: name, email, type and frequency required; phone, address,
 * message optional. A valid form is posted by the browser to the checkout function in a new tab, which records the
 * application and the pending gift and sends that tab to the provider's page; the success alert shows, and the form resets to monthly with the type chosen
 * on the cards ('Choose This Option' also sets the type while the form is open).
 */
export default function SponsorshipForm({ childId, childName, childUsd, dialogId, success, language }: Props) {
  const t = wordsT(language.words);
  const units = { perPerson: t('sponsorForm.perPerson'), perMonth: t('sponsorForm.perMonth') };
  const typeOptions = SPONSORSHIP_TYPE_INFO.map((info) => ({
    value: info.id,
    label: `${t(info.title)} (${sponsorshipPrice(info, { min: childUsd, max: childUsd }, units)})`,
  }));
  const frequencyOptions = SPONSORSHIP_PAYMENT_METHODS.map((value) => ({ value, label: t(FREQUENCY_LABELS[value]) }));
  const payWithOptions = SPONSORSHIP_PAY_WITH.map((value) => ({ value, label: t(PAY_WITH_LABELS[value]) }));
  const kit = useTrackForm({
    native: true,
    onSent: (_body, checkoutUrl) => {
      showToast(success);
      // A form sent after the connection returned keeps its dialog open on the link to the checkout.
      if (!checkoutUrl) closeDialog(dialogId);
      presetSelect(dialogId, 'sponsorshipType', $sponsorshipType.get());
    },
  });

  useEffect(() => {
    // The type chosen on the cards (or in the address) before the form woke up, unless it was changed in the form.
    if (kit.form.current) adoptChoices(kit.form.current, [['sponsorshipType', $sponsorshipType.get()]]);
    return $sponsorshipType.listen((type) => presetSelect(dialogId, 'sponsorshipType', type));
  }, [dialogId, kit.form]);

  return (
    <TrackForm type="sponsorship_application" kit={kit} language={language} action={CHECKOUT_ACTION} newTab>
      <input type="hidden" name="childId" value={childId} />
      <PersonFields emailLabel={t('sponsorForm.email')} />
      <div className="form__row">
        <Field name="phone" label={t('sponsorForm.phone')} type="tel" autoComplete="tel" />
        <Field name="address" label={t('sponsorForm.address')} autoComplete="street-address" />
      </div>
      <div className="form__row">
        <Field
          name="sponsorshipType"
          label={t('sponsorForm.type')}
          as="select"
          required
          options={typeOptions}
          defaultValue="full"
        />
        <Field
          name="paymentMethod"
          label={t('sponsorForm.frequency')}
          as="select"
          required
          options={frequencyOptions}
          defaultValue="monthly"
        />
      </div>
      <Field
        name="payWith"
        label={t('sponsorForm.payWith')}
        as="select"
        required
        options={payWithOptions}
        defaultValue="card"
        hint={t('sponsorForm.payWithHint')}
      />
      <Field
        name="message"
        label={t('sponsorForm.message', { name: childName })}
        as="textarea"
        hint={t('sponsorForm.messageHint')}
      />
      <p className="field__hint">{t('sponsorForm.paymentNote')}</p>
      <FormActions submit={t('sponsorForm.submit')} state={kit.state} cancels={dialogId} />
    </TrackForm>
  );
}
