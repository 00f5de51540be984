import Field from '../shared/form/Field.tsx';
import Fieldset from '../shared/form/Fieldset.tsx';
import ProgramApplication, { type ProgramApplicationProps } from './ProgramApplication.tsx';

type Props = ProgramApplicationProps & {
  /** The subjects to tick (SCHOOL_SUBJECTS of src/schemas/options.ts, passed in so no script ships the list). */
  subjects: readonly string[];
};

/**
 * The school volunteering application: a dialog any button with `commandfor="school-apply"` opens natively; a
 * `data-preset="school=<name>"` on that button chooses the preferred school, before and after hydration.
 */
export default function SchoolApplication({ places, subjects, success }: Props) {
  return (
    <ProgramApplication program="school" success={success}>
      <div className="form__row">
        <Field name="phone" label="Phone" type="tel" required autoComplete="tel" />
        <Field
          name="school"
          label="Preferred school"
          as="select"
          prompt="No preference"
          options={places.map((school) => school.name)}
        />
      </div>
      <Field
        name="availability"
        label="Availability"
        hint="For example: weekday mornings from March, three days a week."
      />
      <Fieldset name="subjects" legend="Subjects you can teach">
        <div className="check-list">
          {subjects.map((subject) => (
            <label key={subject} className="check">
              <input type="checkbox" name="subjects" value={subject} />
              {subject}
            </label>
          ))}
        </div>
      </Fieldset>
      <Field name="experience" label="Teaching or tutoring experience" as="textarea" />
    </ProgramApplication>
  );
}
