import { showToast } from '../../lib/toast.ts';
import { MIN_VOLUNTEER_AGE } from '../../schemas/options.ts';
import Field from '../shared/form/Field.tsx';
import FormActions from '../shared/form/FormActions.tsx';
import PersonFields from '../shared/form/PersonFields.tsx';
import TrackForm from '../shared/form/TrackForm.tsx';
import { useTrackForm } from '../shared/form/useTrackForm.ts';
import { wordsT } from '../../i18n/words.ts';
import type { IslandLanguage } from '../shared/form/language.ts';

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
  /** The page's language and the form's words (`volunteerForm.`). */
  language: IslandLanguage;
  /** Called once the server has accepted the application. */
  onSubmitted: () => void;
};

/**
 * Availability choices (the spec names the field but not its options): the value stored is the English one staff
 * read, whatever the page's language; the label is the page's.
 */
const AVAILABILITY = [
  ['Full-time (weekdays)', 'volunteerForm.fullTime'],
  ['Part-time (2–3 days a week)', 'volunteerForm.partTime'],
  ['Weekends only', 'volunteerForm.weekends'],
  ['Flexible', 'volunteerForm.flexible'],
] as const;

/**
 * The Volunteer page application. The success alert shows once the server has accepted it; the
 * form then empties. Cancel keeps what was typed.
 */
export default function ApplicationForm({ roles, skills, dialogId, success, language, onSubmitted }: Props) {
  const t = wordsT(language.words);
  const kit = useTrackForm({
    onSent: () => {
      showToast(success);
      onSubmitted();
    },
  });
  return (
    <TrackForm type="volunteer_application" kit={kit} language={language} className="volunteer-form">
      <p className="field__hint">{t('volunteerForm.requiredNote')}</p>
      <PersonFields />
      <div className="form__row">
        <Field name="phone" label={t('volunteerForm.phone')} type="tel" required autoComplete="tel" />
        <Field
          name="age"
          label={t('volunteerForm.age')}
          type="number"
          required
          min={MIN_VOLUNTEER_AGE}
          max={120}
          step={1}
          inputMode="numeric"
          hint={t('volunteerForm.ageHint', { age: MIN_VOLUNTEER_AGE })}
        />
      </div>
      <div className="form__row">
        <Field name="nationality" label={t('volunteerForm.nationality')} required autoComplete="country-name" />
        <Field
          name="availability"
          label={t('volunteerForm.availability')}
          as="select"
          required
          prompt={t('volunteerForm.availabilityPrompt')}
          options={AVAILABILITY.map(([value, key]) => ({ value, label: t(key) }))}
        />
      </div>
      <Field
        name="opportunity"
        label={t('volunteerForm.role')}
        as="select"
        prompt={t('volunteerForm.noPreference')}
        options={roles.map((role) => ({ value: role.id, label: role.title }))}
      />
      <Field
        name="skills"
        label={t('volunteerForm.skills')}
        as="select"
        multiple
        options={skills}
        hint={t('volunteerForm.skillsHint')}
      />
      <Field name="experience" label={t('volunteerForm.experience')} as="textarea" rows={3} />
      <Field name="motivation" label={t('volunteerForm.motivation')} as="textarea" rows={4} required />
      <FormActions submit={t('volunteerForm.submit')} state={kit.state} cancels={dialogId} />
    </TrackForm>
  );
}
