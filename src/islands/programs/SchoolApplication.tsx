import Field from '../shared/form/Field.tsx';
import Fieldset from '../shared/form/Fieldset.tsx';
import ProgramApplication, { type ProgramApplicationProps } from './ProgramApplication.tsx';
import { wordsT } from '../../i18n/words.ts';

type Props = ProgramApplicationProps & {
  /** The subjects to tick (SCHOOL_SUBJECTS of src/schemas/options.ts, passed in so no script ships the list). */
  subjects: readonly string[];
};

/**
 * The school volunteering application: a dialog any button with `commandfor="school-apply"` opens natively; a
 * `data-preset="school=<name>"` on that button chooses the preferred school, before and after hydration.
 */
export default function SchoolApplication({ places, subjects, success, language }: Props) {
  const t = wordsT(language.words);
  return (
    <ProgramApplication program="school" success={success} language={language}>
      <div className="form__row">
        <Field name="phone" label={t('programForm.phone')} type="tel" required autoComplete="tel" />
        <Field
          name="school"
          label={t('programForm.school')}
          as="select"
          prompt={t('programForm.noPreference')}
          options={places.map((school) => school.name)}
        />
      </div>
      <Field name="availability" label={t('programForm.availability')} hint={t('programForm.availabilityHint')} />
      <Fieldset name="subjects" legend={t('programForm.subjects')}>
        <div className="check-list">
          {subjects.map((subject) => (
            <label key={subject} className="check">
              <input type="checkbox" name="subjects" value={subject} />
              {subject}
            </label>
          ))}
        </div>
      </Fieldset>
      <Field name="experience" label={t('programForm.teaching')} as="textarea" />
    </ProgramApplication>
  );
}
