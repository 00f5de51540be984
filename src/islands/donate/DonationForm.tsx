import { useCallback, useEffect, useId, useState, type ChangeEvent } from 'react';
import {
  DEFAULT_DONATION,
  DONATE_PRESETS,
  DONATION_STORAGE_KEY,
  donationAlert,
  formatUsd,
  MIN_DONATION,
  parseAmount,
  type DonationType,
} from '../../lib/donation.ts';
import { donationChoice, donationFormFields, donationQuery } from '../../lib/donation-choice.ts';
import { CHECKOUT_ACTION } from '../../lib/payment.ts';
import { NEWSLETTER_CONSENT } from '../../lib/privacy.ts';
import { showToast } from '../../lib/toast.ts';
import type { DONATION_CAUSES } from '../../schemas/options.ts';
import Field from '../shared/form/Field.tsx';
import Choices, { type Choice } from '../shared/form/Choices.tsx';
import PersonFields from '../shared/form/PersonFields.tsx';
import TrackForm from '../shared/form/TrackForm.tsx';
import { adoptChoices } from '../shared/form/preset.ts';
import { useTrackForm } from '../shared/form/useTrackForm.ts';
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
};

/** What the rest of the page shows from the form: the frequency, the cause and the amount as chosen. */
type Shown = { type: DonationType; cause: CauseOption['id']; amount: string; presetChosen: boolean };

const TYPES: Choice[] = [
  { value: 'one-time', label: 'One-time' },
  { value: 'monthly', label: 'Monthly' },
];

const METHODS: Choice[] = [
  { value: 'card', label: 'Credit or debit card' },
  { value: 'mpesa', label: 'M-Pesa' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'bank', label: 'Bank transfer' },
];

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
export default function DonationForm({ causes, defaultCause, paypal = true }: Props) {
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
      showToast(donationAlert(body.payload['type'] === 'monthly' ? 'monthly' : 'one-time', value));
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
    extra: option.urgent && <span className="badge badge--urgent"> Urgent</span>,
  }));
  const amountValue = parseAmount(shown.amount);
  const cause = causes.find((c) => c.id === shown.cause) ?? causes[0];
  const submitLabel =
    amountValue === null ? 'Donate' : `Donate ${formatUsd(amountValue)}${shown.type === 'monthly' ? ' monthly' : ''}`;

  return (
    <div className="donate-layout">
      <TrackForm
        type="donation_intent"
        kit={kit}
        action={CHECKOUT_ACTION}
        newTab
        className="donation-form"
        labelledBy={`${id}-title`}
        onChange={onChange}
      >
        <h2 id={`${id}-title`} className="donation-form__title">
          Make your donation
        </h2>

        <Choices name="type" legend="Donation type" choices={TYPES} defaultValue="one-time" required />

        <Choices
          name="cause"
          legend="Choose a cause"
          layout="cause-grid"
          itemClass="choice choice--cause"
          choices={causeChoices}
          defaultValue={defaultCause}
          describedBy={`${id}-cause`}
          required
        />

        <Choices
          name="amount"
          legend="Amount (USD)"
          layout="choice-row choice-row--amounts"
          choices={PRESETS}
          defaultValue={DEFAULT_DONATION}
        >
          <label htmlFor={`${id}-custom`}>Or enter another amount</label>
          <input
            id={`${id}-custom`}
            type="number"
            name="customAmount"
            inputMode="decimal"
            min={MIN_DONATION}
            step="0.01"
            required={!shown.presetChosen}
            placeholder={`${MIN_DONATION} or more`}
            aria-describedby={`${id}-custom-hint`}
            defaultValue=""
          />
          <span id={`${id}-custom-hint`} className="field__hint">
            The smallest donation is {formatUsd(MIN_DONATION)}.
          </span>
        </Choices>

        <Choices
          name="paymentMethod"
          legend="Payment method"
          choices={paypal ? METHODS : METHODS.filter((method) => method.value !== 'paypal')}
          defaultValue="card"
          required
        />

        <PersonFields />
        <div className="form__row">
          <Field name="phone" label="Phone (optional)" type="tel" autoComplete="tel" />
          <Field name="address" label="Address (optional)" autoComplete="street-address" />
        </div>

        <div className="check-list">
          <label className="check">
            <input type="checkbox" name="anonymous" defaultChecked={false} />
            Keep my donation anonymous
          </label>
          <label className="check">
            <input type="checkbox" name="newsletter" defaultChecked={false} />
            {NEWSLETTER_CONSENT}
          </label>
        </div>

        <button type="submit" className="button donation-form__submit" disabled={kit.state === 'sending'}>
          {submitLabel}
          <span className="visually-hidden"> (opens the secure payment page in a new tab)</span>
        </button>
        <p className="field__hint">
          Payments are handled on our provider's secure page. Nothing is charged on this site.
        </p>
      </TrackForm>

      {cause && (
        <aside
          className="cause-panel"
          aria-labelledby={`${id}-cause-title`}
          // Set through the DOM, not a style attribute, which the page's Content-Security-Policy refuses.
          ref={(element) => element?.style.setProperty('border-top-color', cause.color)}
        >
          <p className="eyebrow">Your gift supports</p>
          <h3 id={`${id}-cause-title`} className="cause-panel__title">
            {cause.name}
            {cause.urgent && <span className="badge badge--urgent"> Urgent</span>}
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
