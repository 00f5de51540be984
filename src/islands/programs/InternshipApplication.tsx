import { useCallback } from 'react';
import { INTERNSHIP_APPLY_DIALOG } from '../../lib/dialogs.ts';
import { FORMS } from '../../lib/forms.ts';
import { showToast } from '../../lib/toast.ts';
import { FIELDS_OF_INTEREST, INTERNSHIP_DURATIONS, YEARS_OF_STUDY } from '../../schemas/options.ts';
import Field from '../shared/form/Field.tsx';
import TrackForm from '../shared/form/TrackForm.tsx';
import { useTrackForm } from '../shared/form/useTrackForm.ts';
import Modal, { closeDialog } from '../shared/Modal.tsx';
import { presetSelect } from '../shared/form/preset.ts';
import { useTrigger } from './useTrigger.ts';
import './programs.css';

/** A partner hospital as the page hands it over. */
export type HospitalChoice = { id: string; name: string };

type Props = {
  hospitals: HospitalChoice[];
};

/** The alert after an internship application (spec §8). */
export const INTERNSHIP_SUCCESS = FORMS.internship_application.success;

/**
 * The hospital internship application: a dialog any button with `commandfor="internship-apply"` opens natively;
 * once hydrated, a `data-internship-apply` value (a hospital id) presets the preferred hospital. The §8 alert shows
 * once the server has accepted the application; Cancel keeps what was typed.
 */
export default function InternshipApplication({ hospitals }: Props) {
  const kit = useTrackForm({
    onSent: () => {
      showToast(INTERNSHIP_SUCCESS);
      closeDialog(INTERNSHIP_APPLY_DIALOG);
    },
  });

  const onTrigger = useCallback(
    (hospitalId: string) => {
      const hospital = hospitals.find((h) => h.id === hospitalId);
      if (hospital) presetSelect(INTERNSHIP_APPLY_DIALOG, 'hospital', hospital.name);
    },
    [hospitals],
  );
  useTrigger('internship-apply', onTrigger);

  return (
    <Modal id={INTERNSHIP_APPLY_DIALOG} title="Apply for a Hospital Internship" onClose={kit.clear}>
      <TrackForm type="internship_application" kit={kit}>
        <p className="field__hint">Fields marked * are required.</p>
        <div className="form__row">
          <Field name="name" label="Full name" required autoComplete="name" />
          <Field name="email" label="Email" type="email" required autoComplete="email" />
        </div>
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
            options={YEARS_OF_STUDY}
          />
          <Field
            name="medicalField"
            label="Field of interest"
            as="select"
            required
            prompt="Select a field"
            options={FIELDS_OF_INTEREST}
          />
        </div>
        <div className="form__row">
          <Field
            name="duration"
            label="Duration"
            as="select"
            required
            prompt="Select a duration"
            options={INTERNSHIP_DURATIONS}
          />
          <Field
            name="hospital"
            label="Preferred hospital"
            as="select"
            prompt="No preference"
            options={hospitals.map((hospital) => hospital.name)}
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
        <div className="button-row">
          <button type="submit" className="button" disabled={kit.state === 'sending'}>
            Submit Application
          </button>
          <button type="button" className="button button--ghost" commandfor={INTERNSHIP_APPLY_DIALOG} command="close">
            Cancel
          </button>
        </div>
      </TrackForm>
    </Modal>
  );
}
