import { useCallback } from 'react';
import { SCHOOL_APPLY_DIALOG } from '../../lib/dialogs.ts';
import { FORMS } from '../../lib/forms.ts';
import { showToast } from '../../lib/toast.ts';
import { SCHOOL_SUBJECTS } from '../../schemas/options.ts';
import Field from '../shared/form/Field.tsx';
import Fieldset from '../shared/form/Fieldset.tsx';
import TrackForm from '../shared/form/TrackForm.tsx';
import { useTrackForm } from '../shared/form/useTrackForm.ts';
import Modal, { closeDialog } from '../shared/Modal.tsx';
import { presetSelect } from '../shared/form/preset.ts';
import { useTrigger } from './useTrigger.ts';
import './programs.css';

/** A partner school as the page hands it over. */
export type SchoolChoice = { id: string; name: string };

type Props = {
  schools: SchoolChoice[];
};

/** The alert after a school application (spec §8). */
export const SCHOOL_SUCCESS = FORMS.school_volunteer_application.success;

/**
 * The school volunteering application: a dialog any button with `commandfor="school-apply"` opens natively; once
 * hydrated, a `data-school-apply` value (a school id) on that button presets the preferred school. The §8 alert
 * shows once the server has accepted the application; Cancel keeps what was typed.
 */
export default function SchoolApplication({ schools }: Props) {
  const kit = useTrackForm({
    onSent: () => {
      showToast(SCHOOL_SUCCESS);
      closeDialog(SCHOOL_APPLY_DIALOG);
    },
  });

  const onTrigger = useCallback(
    (schoolId: string) => {
      const school = schools.find((s) => s.id === schoolId);
      if (school) presetSelect(SCHOOL_APPLY_DIALOG, 'school', school.name);
    },
    [schools],
  );
  useTrigger('school-apply', onTrigger);

  return (
    <Modal id={SCHOOL_APPLY_DIALOG} title="Apply to Volunteer at a School" onClose={kit.clear}>
      <TrackForm type="school_volunteer_application" kit={kit}>
        <p className="field__hint">Fields marked * are required.</p>
        <div className="form__row">
          <Field name="name" label="Full name" required autoComplete="name" />
          <Field name="email" label="Email" type="email" required autoComplete="email" />
        </div>
        <div className="form__row">
          <Field name="phone" label="Phone" type="tel" required autoComplete="tel" />
          <Field
            name="school"
            label="Preferred school"
            as="select"
            prompt="No preference"
            options={schools.map((school) => school.name)}
          />
        </div>
        <Field
          name="availability"
          label="Availability"
          hint="For example: weekday mornings from March, three days a week."
        />
        <Fieldset name="subjects" legend="Subjects you can teach">
          <div className="check-list">
            {SCHOOL_SUBJECTS.map((subject) => (
              <label key={subject} className="check">
                <input type="checkbox" name="subjects" value={subject} />
                {subject}
              </label>
            ))}
          </div>
        </Fieldset>
        <Field name="experience" label="Teaching or tutoring experience" as="textarea" />
        <div className="button-row">
          <button type="submit" className="button" disabled={kit.state === 'sending'}>
            Submit Application
          </button>
          <button type="button" className="button button--ghost" commandfor={SCHOOL_APPLY_DIALOG} command="close">
            Cancel
          </button>
        </div>
      </TrackForm>
    </Modal>
  );
}
