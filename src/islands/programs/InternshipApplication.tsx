import { useCallback, useId, useState, type SubmitEvent } from 'react';
import { FIELDS_OF_INTEREST } from '../../components/programs/fields-of-interest.ts';
import { INTERNSHIP_DURATIONS, YEARS_OF_STUDY } from '../../schemas/options.ts';
import { showToast } from '../../lib/toast.ts';
import { track } from '../../lib/track.ts';
import Honeypot from '../shared/Honeypot.tsx';
import Modal from '../shared/Modal.tsx';
import FormField from './FormField.tsx';
import { useFieldErrors } from './useFieldErrors.ts';
import { useTrigger } from './useTrigger.ts';
import './programs.css';

/** A partner hospital as the page hands it over. */
export type HospitalChoice = { id: string; name: string };

type Props = {
  hospitals: HospitalChoice[];
};

/** The alert after an internship application (spec §8). */
export const INTERNSHIP_SUCCESS =
  'Application submitted successfully! Our medical coordinator will review your application and contact you within 5-7 business days.';

type InternshipForm = {
  name: string;
  email: string;
  phone: string;
  university: string;
  yearOfStudy: string;
  medicalField: string;
  duration: string;
  hospital: string;
  previousExperience: string;
  references: string;
  motivation: string;
};

const EMPTY: InternshipForm = {
  name: '',
  email: '',
  phone: '',
  university: '',
  yearOfStudy: '',
  medicalField: '',
  duration: '',
  hospital: '',
  previousExperience: '',
  references: '',
  motivation: '',
};

const LABELS = {
  name: 'Full name',
  email: 'Email',
  phone: 'Phone',
  university: 'University',
  yearOfStudy: 'Year of study',
  medicalField: 'Field of interest',
  duration: 'Duration',
};

/**
 * The hospital internship application: a dialog opened by any `data-internship-apply` button; a hospital id as
 * the button's value presets the preferred hospital. Submit shows the §8 alert at once and sends the application
 * to staff through the tracking call without waiting for it.
 */
export default function InternshipApplication({ hospitals }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<InternshipForm>(EMPTY);
  const [website, setWebsite] = useState('');
  const { errors, errorId, fieldProps, onChange, reset, summary } = useFieldErrors(LABELS);

  const onTrigger = useCallback(
    (hospitalId: string) => {
      const hospital = hospitals.find((h) => h.id === hospitalId);
      if (hospital) setForm((current) => ({ ...current, hospital: hospital.name }));
      setOpen(true);
    },
    [hospitals],
  );
  useTrigger('internship-apply', onTrigger);

  const close = () => {
    reset();
    setOpen(false);
  };

  const set = (key: keyof InternshipForm, value: string) => setForm((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The applicant never waits for (or hears about) the tracking call: spec §7.
    void track('internship_application', { ...form }, { website });
    showToast(INTERNSHIP_SUCCESS);
    setForm(EMPTY);
    setWebsite('');
    close();
  };

  const text = (
    key: 'name' | 'email' | 'phone' | 'university',
    label: string,
    type: 'text' | 'email' | 'tel',
    autoComplete: string,
  ) => (
    <FormField id={`${id}-${key}`} label={label} required error={errors[key]} errorId={errorId(key)}>
      <input
        id={`${id}-${key}`}
        name={key}
        type={type}
        autoComplete={autoComplete}
        required
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
        {...fieldProps(key)}
      />
    </FormField>
  );

  const choice = (
    key: 'yearOfStudy' | 'medicalField' | 'duration',
    label: string,
    prompt: string,
    options: readonly string[],
  ) => (
    <FormField id={`${id}-${key}`} label={label} required error={errors[key]} errorId={errorId(key)}>
      <select
        id={`${id}-${key}`}
        name={key}
        required
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
        {...fieldProps(key)}
      >
        <option value="">{prompt}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FormField>
  );

  const longText = (key: 'previousExperience' | 'references' | 'motivation', label: string, placeholder?: string) => (
    <FormField id={`${id}-${key}`} label={label} errorId={errorId(key)}>
      <textarea
        id={`${id}-${key}`}
        name={key}
        rows={3}
        placeholder={placeholder}
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </FormField>
  );

  return (
    <Modal open={open} onClose={close} title="Apply for a Hospital Internship">
      <form className="form" onSubmit={onSubmit} onChange={onChange}>
        <p className="field__hint">Fields marked * are required.</p>
        <p className="form-summary" role="alert">
          {summary}
        </p>
        <div className="form__row">
          {text('name', 'Full name', 'text', 'name')}
          {text('email', 'Email', 'email', 'email')}
        </div>
        <div className="form__row">
          {text('phone', 'Phone', 'tel', 'tel')}
          {text('university', 'University', 'text', 'organization')}
        </div>
        <div className="form__row">
          {choice('yearOfStudy', 'Year of study', 'Select your year', YEARS_OF_STUDY)}
          {choice('medicalField', 'Field of interest', 'Select a field', FIELDS_OF_INTEREST)}
        </div>
        <div className="form__row">
          {choice('duration', 'Duration', 'Select a duration', INTERNSHIP_DURATIONS)}
          <FormField id={`${id}-hospital`} label="Preferred hospital" errorId={errorId('hospital')}>
            <select
              id={`${id}-hospital`}
              name="hospital"
              value={form.hospital}
              onChange={(e) => set('hospital', e.target.value)}
            >
              <option value="">No preference</option>
              {hospitals.map((hospital) => (
                <option key={hospital.id} value={hospital.name}>
                  {hospital.name}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        {longText('previousExperience', 'Previous clinical experience')}
        {longText(
          'references',
          'References',
          'Please list at least 2 academic or clinical references with contact details',
        )}
        {longText('motivation', 'Why do you want to intern with us?')}
        <Honeypot value={website} onChange={setWebsite} />
        <div className="button-row">
          <button type="submit" className="button">
            Submit Application
          </button>
          <button type="button" className="button button--ghost" onClick={close}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
