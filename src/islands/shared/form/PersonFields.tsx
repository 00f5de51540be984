import Field from './Field.tsx';

type Props = {
  /** Label of the name field. */
  nameLabel?: string;
  /** Label of the email field. */
  emailLabel?: string;
};

/** The name and email row every public form starts with (both required; the schema checks the address). */
export default function PersonFields({ nameLabel = 'Full name', emailLabel = 'Email' }: Props) {
  return (
    <div className="form__row">
      <Field name="name" label={nameLabel} required autoComplete="name" />
      <Field name="email" label={emailLabel} type="email" required autoComplete="email" />
    </div>
  );
}
