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

const FREQUENCY_LABELS: Record<(typeof SPONSORSHIP_PAYMENT_METHODS)[number], string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annual: 'Annually',
};

const FREQUENCY_OPTIONS = SPONSORSHIP_PAYMENT_METHODS.map((value) => ({ value, label: FREQUENCY_LABELS[value] }));

const PAY_WITH_OPTIONS = [
  { value: 'card', label: 'Card (charged each time)' },
  { value: 'mpesa', label: 'M-Pesa (your own Paybill account number)' },
] satisfies { value: (typeof SPONSORSHIP_PAY_WITH)[number]; label: string }[];

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
  /** The page's language (the form kit's words, the consent line). */
  language: IslandLanguage;
};

/**
 * The sponsorship application for one child: name, email, type and frequency required; phone, address,
 * message optional. A valid form is posted by the browser to the checkout function in a new tab, which records the
 * application and the pending gift and sends that tab to the provider's page; the success alert shows, and the form resets to monthly with the type chosen
 * on the cards ('Choose This Option' also sets the type while the form is open).
 */
export default function SponsorshipForm({ childId, childName, childUsd, dialogId, success, language }: Props) {
  const typeOptions = SPONSORSHIP_TYPE_INFO.map((info) => ({
    value: info.id,
    label: `${info.title} (${sponsorshipPrice(info, { min: childUsd, max: childUsd })})`,
  }));
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
      <PersonFields emailLabel="Email address" />
      <div className="form__row">
        <Field name="phone" label="Phone" type="tel" autoComplete="tel" />
        <Field name="address" label="Address" autoComplete="street-address" />
      </div>
      <div className="form__row">
        <Field
          name="sponsorshipType"
          label="Sponsorship type"
          as="select"
          required
          options={typeOptions}
          defaultValue="full"
        />
        <Field
          name="paymentMethod"
          label="Payment frequency"
          as="select"
          required
          options={FREQUENCY_OPTIONS}
          defaultValue="monthly"
        />
      </div>
      <Field
        name="payWith"
        label="Pay with"
        as="select"
        required
        options={PAY_WITH_OPTIONS}
        defaultValue="card"
        hint="With M-Pesa you pay the first time on our payment partner's page, then each time to our Paybill with your own account number (a Ratiba standing order does it for you)."
      />
      <Field
        name="message"
        label={`Message to ${childName}`}
        as="textarea"
        hint="Optional. Our team passes it on with your first letter."
      />
      <p className="field__hint">
        Payment happens on our secure payment partner's page, which opens in a new tab. Fields marked * are required.
      </p>
      <FormActions submit="Continue to Payment" state={kit.state} cancels={dialogId} />
    </TrackForm>
  );
}
