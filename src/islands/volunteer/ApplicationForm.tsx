import { useId, useState, type SubmitEvent } from 'react';
import { showToast } from '../../lib/toast.ts';
import { track } from '../../lib/track.ts';
import { MIN_VOLUNTEER_AGE } from '../../schemas/options.ts';
import Honeypot from '../shared/Honeypot.tsx';

/** An opportunity as the preferred-role select lists it. */
export type RoleChoice = { id: string; title: string };

type Props = {
  /** The six opportunities for the optional preferred-role select. */
  roles: RoleChoice[];
  /** Every skill the opportunities ask for, without repeats. */
  skills: string[];
  /** Id of the opportunity the visitor chose to apply for, if any. */
  preselected: string;
  /** Called after a submit, once the form is reset. */
  onSubmitted: () => void;
  /** Called when the visitor cancels. */
  onCancel: () => void;
};

/** The spec §8 success alert of the Volunteer page, word for word. */
const SUCCESS =
  'Volunteer application submitted successfully! Our volunteer coordinator will contact you within 3-5 business days.';

/** Availability choices (the spec names the field but not its options). */
const AVAILABILITY = ['Full-time (weekdays)', 'Part-time (2–3 days a week)', 'Weekends only', 'Flexible'] as const;

type FormState = {
  name: string;
  email: string;
  phone: string;
  age: string;
  nationality: string;
  experience: string;
  skills: string[];
  availability: string;
  motivation: string;
  opportunity: string;
};

const initialState = (opportunity: string): FormState => ({
  name: '',
  email: '',
  phone: '',
  age: '',
  nationality: '',
  experience: '',
  skills: [],
  availability: '',
  motivation: '',
  opportunity,
});

/**
 * The Volunteer page application (spec §3, §5, §7). The browser checks the required fields and the minimum age;
 * the `volunteer_application` call is not awaited, since its failure never stops the visitor (spec §8).
 */
export default function ApplicationForm({ roles, skills, preselected, onSubmitted, onCancel }: Props) {
  const [form, setForm] = useState<FormState>(() => initialState(preselected));
  const [website, setWebsite] = useState('');
  const id = useId();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const field = (name: keyof FormState) => `${id}-${name}`;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void track('volunteer_application', { ...form, age: Number(form.age) }, { website });
    showToast(SUCCESS);
    setForm(initialState(''));
    setWebsite('');
    onSubmitted();
  };

  return (
    <form className="form volunteer-form" onSubmit={submit}>
      <p className="field__hint">Fields marked * are required.</p>
      <div className="form__row">
        <div className="field">
          <label htmlFor={field('name')}>Full name *</label>
          <input
            id={field('name')}
            name="name"
            required
            autoComplete="name"
            value={form.name}
            onChange={(event) => set('name', event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={field('email')}>Email *</label>
          <input
            id={field('email')}
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
          <label htmlFor={field('phone')}>Phone *</label>
          <input
            id={field('phone')}
            type="tel"
            name="phone"
            required
            autoComplete="tel"
            value={form.phone}
            onChange={(event) => set('phone', event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={field('age')}>Age *</label>
          <input
            id={field('age')}
            type="number"
            name="age"
            required
            min={MIN_VOLUNTEER_AGE}
            max={120}
            step={1}
            inputMode="numeric"
            aria-describedby={`${field('age')}-hint`}
            value={form.age}
            onChange={(event) => set('age', event.target.value)}
          />
          <span id={`${field('age')}-hint`} className="field__hint">
            Volunteers must be {MIN_VOLUNTEER_AGE} or older.
          </span>
        </div>
      </div>
      <div className="form__row">
        <div className="field">
          <label htmlFor={field('nationality')}>Nationality *</label>
          <input
            id={field('nationality')}
            name="nationality"
            required
            autoComplete="country-name"
            value={form.nationality}
            onChange={(event) => set('nationality', event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={field('availability')}>Availability *</label>
          <select
            id={field('availability')}
            name="availability"
            required
            value={form.availability}
            onChange={(event) => set('availability', event.target.value)}
          >
            <option value="">Choose your availability</option>
            {AVAILABILITY.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={field('opportunity')}>Preferred role</label>
        <select
          id={field('opportunity')}
          name="opportunity"
          value={form.opportunity}
          onChange={(event) => set('opportunity', event.target.value)}
        >
          <option value="">No preference</option>
          {roles.map((role) => (
            <option key={role.id} value={role.id}>
              {role.title}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={field('skills')}>Skills</label>
        <select
          id={field('skills')}
          name="skills"
          multiple
          aria-describedby={`${field('skills')}-hint`}
          value={form.skills}
          onChange={(event) =>
            set(
              'skills',
              [...event.target.selectedOptions].map((option) => option.value),
            )
          }
        >
          {skills.map((skill) => (
            <option key={skill} value={skill}>
              {skill}
            </option>
          ))}
        </select>
        <span id={`${field('skills')}-hint`} className="field__hint">
          Hold Ctrl (or Cmd on a Mac) to choose more than one.
        </span>
      </div>
      <div className="field">
        <label htmlFor={field('experience')}>Relevant experience</label>
        <textarea
          id={field('experience')}
          name="experience"
          rows={3}
          value={form.experience}
          onChange={(event) => set('experience', event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={field('motivation')}>Why do you want to volunteer with us? *</label>
        <textarea
          id={field('motivation')}
          name="motivation"
          required
          rows={4}
          value={form.motivation}
          onChange={(event) => set('motivation', event.target.value)}
        />
      </div>
      <Honeypot value={website} onChange={setWebsite} />
      <div className="button-row">
        <button type="submit" className="button">
          Submit Application
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
