import { showToast } from '../../lib/toast.ts';
import { MIN_VOLUNTEER_AGE } from '../../schemas/options.ts';
import Field from '../shared/form/Field.tsx';
import FormActions from '../shared/form/FormActions.tsx';
import PersonFields from '../shared/form/PersonFields.tsx';
import TrackForm from '../shared/form/TrackForm.tsx';
import { useTrackForm } from '../shared/form/useTrackForm.ts';

/** An opportunity as the preferred-role select lists it. */
export type RoleChoice = { id: string; title: string };

type Props = {
  /** The six opportunities for the optional preferred-role select. */
  roles: RoleChoice[];
  /** Every skill the opportunities ask for, without repeats. */
  skills: string[];
  /** Id of the dialog holding the form, for its Cancel button. */
  dialogId: string;
  /** The success alert shown once the server has accepted the application. */
  success: string;
  /** Called once the server has accepted the application. */
  onSubmitted: () => void;
};

/** Availability choices (the spec names the field but not its options). */
const AVAILABILITY = ['Full-time (weekdays)', 'Part-time (2–3 days a week)', 'Weekends only', 'Flexible'] as const;

/**
 * The Volunteer page application. The success alert shows once the server has accepted it; the
 * form then empties. Cancel keeps what was typed.
 */
export default function ApplicationForm({ roles, skills, dialogId, success, onSubmitted }: Props) {
  const kit = useTrackForm({
    onSent: () => {
      showToast(success);
      onSubmitted();
    },
  });
  return (
    <TrackForm type="volunteer_application" kit={kit} className="volunteer-form">
      <p className="field__hint">Fields marked * are required.</p>
      <PersonFields />
      <div className="form__row">
        <Field name="phone" label="Phone" type="tel" required autoComplete="tel" />
        <Field
          name="age"
          label="Age"
          type="number"
          required
          min={MIN_VOLUNTEER_AGE}
          max={120}
          step={1}
          inputMode="numeric"
          hint={`Volunteers must be ${MIN_VOLUNTEER_AGE} or older.`}
        />
      </div>
      <div className="form__row">
        <Field name="nationality" label="Nationality" required autoComplete="country-name" />
        <Field
          name="availability"
          label="Availability"
          as="select"
          required
          prompt="Choose your availability"
          options={AVAILABILITY}
        />
      </div>
      <Field
        name="opportunity"
        label="Preferred role"
        as="select"
        prompt="No preference"
        options={roles.map((role) => ({ value: role.id, label: role.title }))}
      />
      <Field
        name="skills"
        label="Skills"
        as="select"
        multiple
        options={skills}
        hint="Hold Ctrl (or Cmd on a Mac) to choose more than one."
      />
      <Field name="experience" label="Relevant experience" as="textarea" rows={3} />
      <Field name="motivation" label="Why do you want to volunteer with us?" as="textarea" rows={4} required />
      <FormActions submit="Submit Application" state={kit.state} cancels={dialogId} />
    </TrackForm>
  );
}
