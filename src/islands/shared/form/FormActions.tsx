import { useFormWords } from './language.ts';
import type { FormState } from './useTrackForm.ts';

type Props = {
  /** Label of the submit button. */
  submit: string;
  state: FormState;
  /** Id of the dialog a Cancel button closes (natively, so it works before hydration); no Cancel without it. */
  cancels?: string;
};

/** The submit button (disabled while sending) and, in a dialog, Cancel, which keeps what was typed. */
export default function FormActions({ submit, state, cancels }: Props) {
  const t = useFormWords();
  return (
    <div className="button-row">
      <button type="submit" className="button" disabled={state === 'sending'}>
        {submit}
      </button>
      {cancels && (
        <button type="button" className="button button--ghost" commandfor={cancels} command="close">
          {t('form.cancel')}
        </button>
      )}
    </div>
  );
}
