import { useFormWords } from './form/language.ts';

/** A field hidden from people and assistive technology that spam bots fill in; the server drops such posts. */
export default function Honeypot() {
  const t = useFormWords();
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        {t('form.honeypot')}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
