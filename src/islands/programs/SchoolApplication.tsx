import { useCallback, useId, useState, type SubmitEvent } from 'react';
import { SCHOOL_SUBJECTS } from '../../schemas/options.ts';
import { showToast } from '../../lib/toast.ts';
import { track } from '../../lib/track.ts';
import Honeypot from '../shared/Honeypot.tsx';
import Modal from '../shared/Modal.tsx';
import FormField from './FormField.tsx';
import { useFieldErrors } from './useFieldErrors.ts';
import { useTrigger } from './useTrigger.ts';
import './programs.css';

/** A partner school as the page hands it over. */
export type SchoolChoice = { id: string; name: string };

type Props = {
  schools: SchoolChoice[];
};

/** The alert after a school application (spec §8). */
export const SCHOOL_SUCCESS = "Application submitted successfully! We'll contact you within 3-5 business days.";

type SchoolForm = {
  name: string;
  email: string;
  phone: string;
  experience: string;
  availability: string;
  subjects: string[];
  school: string;
};

const EMPTY: SchoolForm = {
  name: '',
  email: '',
  phone: '',
  experience: '',
  availability: '',
  subjects: [],
  school: '',
};
const LABELS = { name: 'Full name', email: 'Email', phone: 'Phone' };

/**
 * The school volunteering application: a dialog opened by any `data-school-apply` button on the page (its value,
 * a school id, presets the preferred school). Submit shows the §8 alert at once and sends the application to staff
 * through the tracking call without waiting for it.
 */
export default function SchoolApplication({ schools }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<SchoolForm>(EMPTY);
  const [website, setWebsite] = useState('');
  const { errors, errorId, fieldProps, onChange, reset, summary } = useFieldErrors(LABELS);

  const onTrigger = useCallback(
    (schoolId: string) => {
      const school = schools.find((s) => s.id === schoolId);
      if (school) setForm((current) => ({ ...current, school: school.name }));
      setOpen(true);
    },
    [schools],
  );
  useTrigger('school-apply', onTrigger);

  const close = () => {
    reset();
    setOpen(false);
  };

  const set = <K extends keyof SchoolForm>(key: K, value: SchoolForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const toggleSubject = (subject: string, checked: boolean) =>
    set('subjects', checked ? [...form.subjects, subject] : form.subjects.filter((s) => s !== subject));

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The applicant never waits for (or hears about) the tracking call: spec §7.
    void track('school_volunteer_application', { ...form }, { website });
    showToast(SCHOOL_SUCCESS);
    setForm(EMPTY);
    setWebsite('');
    close();
  };

  return (
    <Modal open={open} onClose={close} title="Apply to Volunteer at a School">
      <form className="form" onSubmit={onSubmit} onChange={onChange}>
        <p className="field__hint">Fields marked * are required.</p>
        <p className="form-summary" role="alert">
          {summary}
        </p>
        <div className="form__row">
          <FormField id={`${id}-name`} label="Full name" required error={errors['name']} errorId={errorId('name')}>
            <input
              id={`${id}-name`}
              name="name"
              type="text"
              autoComplete="name"
              required
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              {...fieldProps('name')}
            />
          </FormField>
          <FormField id={`${id}-email`} label="Email" required error={errors['email']} errorId={errorId('email')}>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={form.email}
              onChange={(e) => set('email', e.target.value)}
              {...fieldProps('email')}
            />
          </FormField>
        </div>
        <div className="form__row">
          <FormField id={`${id}-phone`} label="Phone" required error={errors['phone']} errorId={errorId('phone')}>
            <input
              id={`${id}-phone`}
              name="phone"
              type="tel"
              autoComplete="tel"
              required
              value={form.phone}
              onChange={(e) => set('phone', e.target.value)}
              {...fieldProps('phone')}
            />
          </FormField>
          <FormField id={`${id}-school`} label="Preferred school" errorId={errorId('school')}>
            <select
              id={`${id}-school`}
              name="school"
              value={form.school}
              onChange={(e) => set('school', e.target.value)}
            >
              <option value="">No preference</option>
              {schools.map((school) => (
                <option key={school.id} value={school.name}>
                  {school.name}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <FormField
          id={`${id}-availability`}
          label="Availability"
          hint="For example: weekday mornings from March, three days a week."
          hintId={`${id}-availability-hint`}
          errorId={errorId('availability')}
        >
          <input
            id={`${id}-availability`}
            name="availability"
            type="text"
            value={form.availability}
            onChange={(e) => set('availability', e.target.value)}
            aria-describedby={`${id}-availability-hint`}
          />
        </FormField>
        <fieldset className="field">
          <legend>Subjects you can teach</legend>
          <div className="check-list">
            {SCHOOL_SUBJECTS.map((subject) => (
              <label key={subject} className="check">
                <input
                  type="checkbox"
                  name="subjects"
                  value={subject}
                  checked={form.subjects.includes(subject)}
                  onChange={(e) => toggleSubject(subject, e.target.checked)}
                />
                {subject}
              </label>
            ))}
          </div>
        </fieldset>
        <FormField id={`${id}-experience`} label="Teaching or tutoring experience" errorId={errorId('experience')}>
          <textarea
            id={`${id}-experience`}
            name="experience"
            rows={4}
            value={form.experience}
            onChange={(e) => set('experience', e.target.value)}
          />
        </FormField>
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
