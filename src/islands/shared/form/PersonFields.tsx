import Field from './Field.tsx';
import { useFormWords } from './language.ts';

type Props = {
  /** Label of the name field. */
  nameLabel?: string;
  /** Label of the email field. */
  emailLabel?: string;
};

/** The name and email row every public form starts with (both required; the schema checks the address). */
export default function PersonFields({ nameLabel, emailLabel }: Props) {
  const t = useFormWords();
  return (
    <div className="form__row">
      <Field name="name" label={nameLabel ?? t('form.fullName')} required autoComplete="name" />
      <Field name="email" label={emailLabel ?? t('form.email')} type="email" required autoComplete="email" />
    </div>
  );
}
