import { useId, useState, type SubmitEvent } from 'react';
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
import { openPayment, paymentUrl } from '../../lib/payment.ts';
import { showToast } from '../../lib/toast.ts';
import { track } from '../../lib/track.ts';
import type { DONATION_CAUSES, DONATION_PAYMENT_METHODS } from '../../schemas/options.ts';
import Honeypot from '../shared/Honeypot.tsx';
import './donate.css';

/** A cause as the Donate page hands it over (spec §3 Cause). */
export type CauseOption = {
  id: (typeof DONATION_CAUSES)[number];
  name: string;
  description: string;
  impact: string;
  urgent: boolean;
  color: string;
};

type PaymentMethod = (typeof DONATION_PAYMENT_METHODS)[number];

type Props = {
  /** The six causes, in the order shown. */
  causes: CauseOption[];
  /** Cause selected when the form opens and after each submit. */
  defaultCause: CauseOption['id'];
};

/** What the visitor has entered; `preset` and `custom` together make the amount. */
type FormState = {
  type: DonationType;
  cause: CauseOption['id'];
  /** The chosen preset, or null while a custom amount is typed. */
  preset: number | null;
  /** The custom amount as typed; it wins over the preset when filled in. */
  custom: string;
  paymentMethod: PaymentMethod;
  name: string;
  email: string;
  phone: string;
  address: string;
  anonymous: boolean;
  newsletter: boolean;
};

const TYPES: { value: DonationType; label: string }[] = [
  { value: 'one-time', label: 'One-time' },
  { value: 'monthly', label: 'Monthly' },
];

const METHODS: { value: PaymentMethod; label: string }[] = [
  { value: 'card', label: 'Credit or debit card' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'bank', label: 'Bank transfer' },
];

const initialState = (cause: CauseOption['id']): FormState => ({
  type: 'one-time',
  cause,
  preset: DEFAULT_DONATION,
  custom: '',
  paymentMethod: 'card',
  name: '',
  email: '',
  phone: '',
  address: '',
  anonymous: false,
  newsletter: true,
});

/**
 * The Donate page form (spec §2, §4, §7). Submitting keeps the donation in local storage under `donationData`,
 * opens the hosted payment page from the submit itself (so popup blockers allow it), shows the §8 alert, records
 * a `donation_intent` for staff without waiting for it, and clears the form.
 */
export default function DonationForm({ causes, defaultCause }: Props) {
  const [form, setForm] = useState<FormState>(() => initialState(defaultCause));
  const [website, setWebsite] = useState('');
  const id = useId();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const amount = form.custom !== '' ? form.custom : form.preset === null ? '' : String(form.preset);
  const amountValue = parseAmount(amount);
  const cause = causes.find((c) => c.id === form.cause) ?? causes[0];

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The browser's checks (required, min) have passed, so the amount is a number of at least MIN_DONATION.
    const value = amountValue ?? DEFAULT_DONATION;
    const { preset: _preset, custom: _custom, ...fields } = form;
    const record = { ...fields, amount, timestamp: new Date().toISOString() };
    try {
      localStorage.setItem(DONATION_STORAGE_KEY, JSON.stringify(record));
    } catch {
      // Storage can be full or blocked (private windows); the gift itself still goes ahead.
    }
    openPayment(paymentUrl('donationUrl', { amount: value, source: 'donate-page', campaign: 'donate-now' }));
    showToast(donationAlert(form.type, value));
    void track('donation_intent', { ...record, amount: value }, { website });
    setForm(initialState(defaultCause));
    setWebsite('');
  };

  const submitLabel =
    amountValue === null ? 'Donate' : `Donate ${formatUsd(amountValue)}${form.type === 'monthly' ? ' monthly' : ''}`;

  return (
    <div className="donate-layout">
      <form className="form donation-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="donation-form__title">
          Make your donation
        </h2>

        <fieldset className="field">
          <legend>Donation type</legend>
          <div className="choice-row">
            {TYPES.map((type) => (
              <label key={type.value} className="choice">
                <input
                  type="radio"
                  name="type"
                  value={type.value}
                  required
                  checked={form.type === type.value}
                  onChange={() => set('type', type.value)}
                />
                <span>{type.label}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="field">
          <legend>Choose a cause</legend>
          <div className="cause-grid">
            {causes.map((option) => (
              <label key={option.id} className="choice choice--cause">
                <input
                  type="radio"
                  name="cause"
                  value={option.id}
                  required
                  checked={form.cause === option.id}
                  onChange={() => set('cause', option.id)}
                  aria-describedby={`${id}-cause`}
                />
                <span>
                  {option.name}
                  {option.urgent && <span className="badge badge--urgent"> Urgent</span>}
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="field">
          <legend>Amount (USD)</legend>
          <div className="choice-row choice-row--amounts">
            {DONATE_PRESETS.map((preset) => (
              <label key={preset} className="choice">
                <input
                  type="radio"
                  name="amount-preset"
                  value={preset}
                  checked={form.custom === '' && form.preset === preset}
                  onChange={() => setForm((current) => ({ ...current, preset, custom: '' }))}
                />
                <span>{formatUsd(preset)}</span>
              </label>
            ))}
          </div>
          <label htmlFor={`${id}-custom`}>Or enter another amount</label>
          <input
            id={`${id}-custom`}
            type="number"
            name="amount"
            inputMode="decimal"
            min={MIN_DONATION}
            step="0.01"
            required={form.preset === null}
            placeholder={`${MIN_DONATION} or more`}
            aria-describedby={`${id}-custom-hint`}
            value={form.custom}
            onChange={(event) => {
              const custom = event.target.value;
              setForm((current) => ({ ...current, custom, preset: custom === '' ? current.preset : null }));
            }}
          />
          <span id={`${id}-custom-hint`} className="field__hint">
            The smallest donation is {formatUsd(MIN_DONATION)}.
          </span>
        </fieldset>

        <fieldset className="field">
          <legend>Payment method</legend>
          <div className="choice-row">
            {METHODS.map((method) => (
              <label key={method.value} className="choice">
                <input
                  type="radio"
                  name="paymentMethod"
                  value={method.value}
                  required
                  checked={form.paymentMethod === method.value}
                  onChange={() => set('paymentMethod', method.value)}
                />
                <span>{method.label}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="form__row">
          <div className="field">
            <label htmlFor={`${id}-name`}>Full name</label>
            <input
              id={`${id}-name`}
              name="name"
              required
              autoComplete="name"
              value={form.name}
              onChange={(event) => set('name', event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              id={`${id}-email`}
              type="email"
              name="email"
              required
              autoComplete="email"
              value={form.email}
              onChange={(event) => set('email', event.target.value)}
            />
          </div>
        </div>
        <div className="form__row">
          <div className="field">
            <label htmlFor={`${id}-phone`}>Phone (optional)</label>
            <input
              id={`${id}-phone`}
              type="tel"
              name="phone"
              autoComplete="tel"
              value={form.phone}
              onChange={(event) => set('phone', event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-address`}>Address (optional)</label>
            <input
              id={`${id}-address`}
              name="address"
              autoComplete="street-address"
              value={form.address}
              onChange={(event) => set('address', event.target.value)}
            />
          </div>
        </div>

        <div className="check-list">
          <label className="check">
            <input
              type="checkbox"
              name="anonymous"
              checked={form.anonymous}
              onChange={(event) => set('anonymous', event.target.checked)}
            />
            Keep my donation anonymous
          </label>
          <label className="check">
            <input
              type="checkbox"
              name="newsletter"
              checked={form.newsletter}
              onChange={(event) => set('newsletter', event.target.checked)}
            />
            Send me news about the children and our work
          </label>
        </div>

        <Honeypot value={website} onChange={setWebsite} />

        <button type="submit" className="button donation-form__submit">
          {submitLabel}
          <span className="visually-hidden"> (opens the secure payment page in a new tab)</span>
        </button>
        <p className="field__hint">
          Payments are handled on our provider's secure page. Nothing is charged on this site.
        </p>
      </form>

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
