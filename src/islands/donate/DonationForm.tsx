import { useCallback, useEffect, useId, useState, type ChangeEvent } from 'react';
import {
  DEFAULT_DONATION,
  DONATE_PRESETS,
  DONATION_STORAGE_KEY,
  formatUsd,
  MIN_DONATION,
  parseAmount,
  type DonationType,
} from '../../lib/donation.ts';
import { donationChoice, donationFormFields, donationQuery } from '../../lib/donation-choice.ts';
import { CHECKOUT_ACTION } from '../../lib/payment.ts';
import { newsletterConsent } from '../../lib/privacy.ts';
import { wordsT } from '../../i18n/words.ts';
import { showToast } from '../../lib/toast.ts';
import type { DONATION_CAUSES } from '../../schemas/options.ts';
import Field from '../shared/form/Field.tsx';
import Choices, { type Choice } from '../shared/form/Choices.tsx';
import PersonFields from '../shared/form/PersonFields.tsx';
import TrackForm from '../shared/form/TrackForm.tsx';
import { adoptChoices } from '../shared/form/preset.ts';
import { useTrackForm } from '../shared/form/useTrackForm.ts';
import type { IslandLanguage } from '../shared/form/language.ts';
import './donate.css';

/** A cause as the Donate page hands it over. */
export type CauseOption = {
  id: (typeof DONATION_CAUSES)[number];
  name: string;
  description: string;
  impact: string;
  urgent: boolean;
  color: string;
};

type Props = {
  /** The six causes, in the order shown. */
  causes: CauseOption[];
  /** Cause selected when the form opens and after each submit. */
  defaultCause: CauseOption['id'];
  /** Whether PayPal is offered (it has a link of its own, or payments are not connected yet). */
  paypal?: boolean;
  /** The page's language and the form's words (`donationForm.`). */
  language: IslandLanguage;
};

/** What the rest of the page shows from the form: the frequency, the cause and the amount as chosen. */
type Shown = { type: DonationType; cause: CauseOption['id']; amount: string; presetChosen: boolean };

const PRESETS: Choice[] = DONATE_PRESETS.map((preset) => ({ value: preset, label: formatUsd(preset) }));

/** Reads what the form shows now (the page, not React, holds the values: see the form kit). */
function readShown(form: HTMLFormElement, fallbackCause: CauseOption['id']): Shown {
  const data = new FormData(form);
  const preset = data.get('amount');
  const typed = data.get('customAmount');
  const custom = typeof typed === 'string' ? typed.trim() : '';
  return {
    type: data.get('type') === 'monthly' ? 'monthly' : 'one-time',
    cause: (data.get('cause') as CauseOption['id'] | null) ?? fallbackCause,
    amount: custom !== '' ? custom : typeof preset === 'string' ? preset : '',
    presetChosen: typeof preset === 'string',
  };
}

/**
 * The Donate page form. A valid form is posted by the browser itself to the checkout function in
 * a new tab (with or without JavaScript, before or after hydration), which records the gift and sends that tab to
 * the provider's page; with JavaScript the donation is also kept in local storage under `donationData`, the success
 * alert shows and the form clears.
 */
export default function DonationForm({ causes, defaultCause, paypal = true, language }: Props) {
  const t = wordsT(language.words);
  const types: Choice[] = [
    { value: 'one-time', label: t('donationForm.oneTime') },
    { value: 'monthly', label: t('donationForm.monthly') },
  ];
  const methods: Choice[] = [
    { value: 'card', label: t('donationForm.card') },
    { value: 'mpesa', label: t('donationForm.mpesa') },
    { value: 'paypal', label: t('donationForm.paypal') },
    { value: 'bank', label: t('donationForm.bank') },
  ];
  const [shown, setShown] = useState<Shown>({
    type: 'one-time',
    cause: defaultCause,
    amount: String(DEFAULT_DONATION),
    presetChosen: true,
  });
  const id = useId();
  const kit = useTrackForm({
    native: true,
    onValid: (body) => {
      try {
        localStorage.setItem(DONATION_STORAGE_KEY, JSON.stringify(body.payload));
      } catch {
        // Storage can be full or blocked (private windows); the gift itself still goes ahead.
      }
    },
    onSent: (body) => {
      const value = parseAmount(String(body.payload['amount'])) ?? DEFAULT_DONATION;
      const alert = body.payload['type'] === 'monthly' ? 'donationForm.alertMonthly' : 'donationForm.alertOneTime';
      showToast(t(alert, { amount: formatUsd(value) }));
    },
  });
  const formRef = kit.form;

  // Adopt what was chosen before the island woke up, and follow every change (a reset included); the address
  // carries the choice, so a link, a reload or the Back button keeps it.
  const refresh = useCallback(
    (keep = true) => {
      if (!formRef.current) return;
      const next = readShown(formRef.current, defaultCause);
      setShown(next);
      if (!keep) return;
      const query = donationQuery({ type: next.type, cause: next.cause, amount: next.amount }).toString();
      if (query !== window.location.search.slice(1)) {
        window.history.replaceState(
          window.history.state,
          '',
          `${window.location.pathname}?${query}${window.location.hash}`,
        );
      }
    },
    [formRef, defaultCause],
  );
  useEffect(() => {
    if (formRef.current) {
      adoptChoices(formRef.current, donationFormFields(donationChoice(new URLSearchParams(window.location.search))));
    }
    refresh(false);
    const element = formRef.current;
    const onReset = () => setTimeout(refresh);
    element?.addEventListener('reset', onReset);
    return () => element?.removeEventListener('reset', onReset);
  }, [formRef, refresh]);

  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    const target = event.target as EventTarget;
    const element = formRef.current;
    if (element && target instanceof HTMLInputElement) {
      // A typed amount replaces the preset; choosing a preset clears the typed amount.
      if (target.name === 'customAmount' && target.value !== '') {
        element.querySelectorAll<HTMLInputElement>('input[name="amount"]').forEach((radio) => (radio.checked = false));
      } else if (target.name === 'amount') {
        const custom = element.elements.namedItem('customAmount');
        if (custom instanceof HTMLInputElement) custom.value = '';
      }
    }
    refresh();
  };

  const causeChoices: Choice[] = causes.map((option) => ({
    value: option.id,
    label: option.name,
    extra: option.urgent && <span className="badge badge--urgent">{t('donationForm.urgent')}</span>,
  }));
  const amountValue = parseAmount(shown.amount);
  const cause = causes.find((c) => c.id === shown.cause) ?? causes[0];
  const submitLabel =
    amountValue === null
      ? t('donationForm.donate')
      : t(shown.type === 'monthly' ? 'donationForm.donateAmountMonthly' : 'donationForm.donateAmount', {
          amount: formatUsd(amountValue),
        });

  return (
    <div className="donate-layout">
      <TrackForm
        type="donation_intent"
        kit={kit}
        language={language}
        action={CHECKOUT_ACTION}
        newTab
        className="donation-form"
        labelledBy={`${id}-title`}
        onChange={onChange}
      >
        <h2 id={`${id}-title`} className="donation-form__title">
          {t('donationForm.title')}
        </h2>

        <Choices name="type" legend={t('donationForm.type')} choices={types} defaultValue="one-time" required />

        <Choices
          name="cause"
          legend={t('donationForm.cause')}
          layout="cause-grid"
          itemClass="choice choice--cause"
          choices={causeChoices}
          defaultValue={defaultCause}
          describedBy={`${id}-cause`}
          required
        />

        <Choices
          name="amount"
          legend={t('donationForm.amount')}
          layout="choice-row choice-row--amounts"
          choices={PRESETS}
          defaultValue={DEFAULT_DONATION}
        >
          <label htmlFor={`${id}-custom`}>{t('donationForm.otherAmount')}</label>
          <input
            id={`${id}-custom`}
            type="number"
            name="customAmount"
            inputMode="decimal"
            min={MIN_DONATION}
            step="0.01"
            required={!shown.presetChosen}
            placeholder={t('donationForm.orMore', { min: MIN_DONATION })}
            aria-describedby={`${id}-custom-hint`}
            defaultValue=""
          />
          <span id={`${id}-custom-hint`} className="field__hint">
            {t('donationForm.smallest', { amount: formatUsd(MIN_DONATION) })}
          </span>
        </Choices>

        <Choices
          name="paymentMethod"
          legend={t('donationForm.method')}
          choices={paypal ? methods : methods.filter((method) => method.value !== 'paypal')}
          defaultValue="card"
          required
        />

        <PersonFields />
        <div className="form__row">
          <Field name="phone" label={t('donationForm.phone')} type="tel" autoComplete="tel" />
          <Field name="address" label={t('donationForm.address')} autoComplete="street-address" />
        </div>

        <div className="check-list">
          <label className="check">
            <input type="checkbox" name="anonymous" defaultChecked={false} />
            {t('donationForm.anonymous')}
          </label>
          <label className="check">
            <input type="checkbox" name="newsletter" defaultChecked={false} />
            {newsletterConsent(language.locale)}
          </label>
        </div>

        <button type="submit" className="button donation-form__submit" disabled={kit.state === 'sending'}>
          {submitLabel}
          <span className="visually-hidden">{t('donationForm.opensPayment')}</span>
        </button>
        <p className="field__hint">{t('donationForm.secure')}</p>
      </TrackForm>

      {cause && (
        <aside
          className="cause-panel"
          aria-labelledby={`${id}-cause-title`}
          // Set through the DOM, not a style attribute, which the page's Content-Security-Policy refuses.
          ref={(element) => element?.style.setProperty('border-top-color', cause.color)}
        >
          <p className="eyebrow">{t('donationForm.supports')}</p>
          <h3 id={`${id}-cause-title`} className="cause-panel__title">
            {cause.name}
            {cause.urgent && <span className="badge badge--urgent">{t('donationForm.urgent')}</span>}
          </h3>
          <div id={`${id}-cause`}>
            <p>{cause.description}</p>
            <p className="cause-panel__impact">{cause.impact}</p>
          </div>
        </aside>
      )}
    </div>
  );
}
