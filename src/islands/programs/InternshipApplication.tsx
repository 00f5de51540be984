import Field from '../shared/form/Field.tsx';
import ProgramApplication, { type ProgramApplicationProps } from './ProgramApplication.tsx';

type Props = ProgramApplicationProps & {
  /** The choices of src/schemas/options.ts (passed in so no script ships them). */
  lists: { years: readonly string[]; fields: readonly string[]; durations: readonly string[] };
};

/**
 * The hospital internship application: a dialog any button with `commandfor="internship-apply"` opens natively; a
 * `data-preset="hospital=<name>"` on that button chooses the preferred hospital, before and after hydration.
 */
export default function InternshipApplication({ places, lists, success }: Props) {
  return (
    <ProgramApplication program="internship" success={success}>
      <div className="form__row">
        <Field name="phone" label="Phone" type="tel" required autoComplete="tel" />
        <Field name="university" label="University" required autoComplete="organization" />
      </div>
      <div className="form__row">
        <Field
          name="yearOfStudy"
          label="Year of study"
          as="select"
          required
          prompt="Select your year"
          options={lists.years}
        />
        <Field
          name="medicalField"
          label="Field of interest"
          as="select"
          required
          prompt="Select a field"
          options={lists.fields}
        />
      </div>
      <div className="form__row">
        <Field
          name="duration"
          label="Duration"
          as="select"
          required
          prompt="Select a duration"
          options={lists.durations}
        />
        <Field
          name="hospital"
          label="Preferred hospital"
          as="select"
          prompt="No preference"
          options={places.map((hospital) => hospital.name)}
        />
      </div>
      <Field name="previousExperience" label="Previous clinical experience" as="textarea" rows={3} />
      <Field
        name="references"
        label="References"
        as="textarea"
        rows={3}
        placeholder="Please list at least 2 academic or clinical references with contact details"
      />
      <Field name="motivation" label="Why do you want to intern with us?" as="textarea" rows={3} />
    </ProgramApplication>
  );
}
