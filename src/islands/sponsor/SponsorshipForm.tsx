import { useId, useState, type SubmitEvent } from 'react';
import { SPONSORSHIP_PAYMENT_METHODS } from '../../schemas/options.ts';
import type { SponsorshipApplication } from '../../schemas/track.ts';
import Honeypot from '../shared/Honeypot.tsx';
import { SPONSORSHIP_TYPE_INFO, sponsorshipPrice } from './sponsorship-types.ts';
import type { SponsorshipType } from './store.ts';

/** The fields the visitor fills in (childId and timestamp are added on submit). */
export type SponsorshipFormValues = Omit<
  SponsorshipApplication,
  'childId' | 'timestamp' | 'phone' | 'address' | 'message'
> & {
  phone: string;
  address: string;
  message: string;
};

/** An empty form with the given type and monthly payments (spec §3 defaults). */
export function emptySponsorshipForm(sponsorshipType: SponsorshipType = 'full'): SponsorshipFormValues {
  return { name: '', email: '', phone: '', address: '', sponsorshipType, paymentMethod: 'monthly', message: '' };
}

const FREQUENCY_LABELS: Record<SponsorshipFormValues['paymentMethod'], string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annual: 'Annually',
};

type Props = {
  /** First name of the child, for the message label. */
  childName: string;
  /** The child's monthly need in US dollars: the price of full sponsorship for this child. */
  childUsd: number;
  values: SponsorshipFormValues;
  onChange: (values: SponsorshipFormValues) => void;
  /** Called with the honeypot value once the browser's own checks pass. */
  onSubmit: (website: string) => void;
  onCancel: () => void;
};

/** The sponsorship application (spec §5): name, email, type and frequency required; phone, address, message optional. */
export default function SponsorshipForm({ childName, childUsd, values, onChange, onSubmit, onCancel }: Props) {
  const [website, setWebsite] = useState('');
  const id = useId();
  const set = <K extends keyof SponsorshipFormValues>(key: K, value: SponsorshipFormValues[K]) =>
    onChange({ ...values, [key]: value });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(website);
    setWebsite('');
  };

  return (
    <form className="form" onSubmit={submit}>
      <div className="form__row">
        <div className="field">
          <label htmlFor={`${id}-name`}>Full name *</label>
          <input
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            required
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email address *</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </div>
      </div>
      <div className="form__row">
        <div className="field">
          <label htmlFor={`${id}-phone`}>Phone</label>
          <input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={(e) => set('phone', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-address`}>Address</label>
          <input
            id={`${id}-address`}
            name="address"
            autoComplete="street-address"
            value={values.address}
            onChange={(e) => set('address', e.target.value)}
          />
        </div>
      </div>
      <div className="form__row">
        <div className="field">
          <label htmlFor={`${id}-type`}>Sponsorship type *</label>
          <select
            id={`${id}-type`}
            name="sponsorshipType"
            required
            value={values.sponsorshipType}
            onChange={(e) => set('sponsorshipType', e.target.value as SponsorshipType)}
          >
            {SPONSORSHIP_TYPE_INFO.map((info) => (
              <option key={info.id} value={info.id}>
                {info.title} ({sponsorshipPrice(info, { min: childUsd, max: childUsd })})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-frequency`}>Payment frequency *</label>
          <select
            id={`${id}-frequency`}
            name="paymentMethod"
            required
            value={values.paymentMethod}
            onChange={(e) => set('paymentMethod', e.target.value as SponsorshipFormValues['paymentMethod'])}
          >
            {SPONSORSHIP_PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {FREQUENCY_LABELS[method]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`}>Message to {childName}</label>
        <textarea
          id={`${id}-message`}
          name="message"
          aria-describedby={`${id}-message-hint`}
          value={values.message}
          onChange={(e) => set('message', e.target.value)}
        />
        <span id={`${id}-message-hint`} className="field__hint">
          Optional. Our team passes it on with your first letter.
        </span>
      </div>
      <Honeypot value={website} onChange={setWebsite} />
      <p className="field__hint">
        Payment happens on our secure payment partner's page, which opens in a new tab. Fields marked * are required.
      </p>
      <div className="button-row">
        <button type="submit" className="button">
          Continue to Payment
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
