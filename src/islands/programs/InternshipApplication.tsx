import Field from '../shared/form/Field.tsx';
import ProgramApplication, { type ProgramApplicationProps } from './ProgramApplication.tsx';
import { wordsT } from '../../i18n/words.ts';

type Props = ProgramApplicationProps & {
  /** The choices of src/schemas/options.ts (passed in so no script ships them). */
  lists: { years: readonly string[]; fields: readonly string[]; durations: readonly string[] };
};

/**
 * The hospital internship application: a dialog any button with `commandfor="internship-apply"` opens natively; a
 * `data-preset="hospital=<name>"` on that button chooses the preferred hospital, before and after hydration.
 */
export default function InternshipApplication({ places, lists, success, language }: Props) {
  const t = wordsT(language.words);
  return (
    <ProgramApplication program="internship" success={success} language={language}>
      <div className="form__row">
        <Field name="phone" label={t('programForm.phone')} type="tel" required autoComplete="tel" />
        <Field name="university" label={t('programForm.university')} required autoComplete="organization" />
      </div>
      <div className="form__row">
        <Field
          name="yearOfStudy"
          label={t('programForm.year')}
          as="select"
          required
          prompt={t('programForm.yearPrompt')}
          options={lists.years}
        />
        <Field
          name="medicalField"
          label={t('programForm.field')}
          as="select"
          required
          prompt={t('programForm.fieldPrompt')}
          options={lists.fields}
        />
      </div>
      <div className="form__row">
        <Field
          name="duration"
          label={t('programForm.duration')}
          as="select"
          required
          prompt={t('programForm.durationPrompt')}
          options={lists.durations}
        />
        <Field
          name="hospital"
          label={t('programForm.hospital')}
          as="select"
          prompt={t('programForm.noPreference')}
          options={places.map((hospital) => hospital.name)}
        />
      </div>
      <Field name="previousExperience" label={t('programForm.clinical')} as="textarea" rows={3} />
      <Field
        name="references"
        label={t('programForm.references')}
        as="textarea"
        rows={3}
        placeholder={t('programForm.referencesPlaceholder')}
      />
      <Field name="motivation" label={t('programForm.motivation')} as="textarea" rows={3} />
    </ProgramApplication>
  );
}
