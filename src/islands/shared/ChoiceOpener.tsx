import type { ReactNode } from 'react';

type Props = {
  /** The dialog the button opens, with its form's field `name` set to `value`. */
  dialog: string;
  /** The field the choice sets (e.g. `opportunity`). */
  name: string;
  value: string;
  /**
   * Where the choice goes without JavaScript: a page that answers with the dialog open and the choice made (e.g.
   * `/api/choose/volunteer`, netlify/functions/form-choices.ts).
   */
  action: string;
  className?: string;
  /** The page's language: a Kiswahili page's choice comes back on the Kiswahili page. */
  language?: string;
  children: ReactNode;
};

/**
 * A button that opens a form's dialog with one field chosen, with or without JavaScript. It submits a GET form of
 * that one choice, which without a script loads the page with the dialog open and the field set; the page's dialog
 * script (src/components/shared/dialog-presets.ts, inline, so from the first tap) instead opens the dialog in place
 * and sets the field. A submit button cannot also carry `commandfor`, which browsers ignore on one.
 */
export default function ChoiceOpener({ dialog, name, value, action, className, language = 'en', children }: Props) {
  return (
    <form method="get" action={action} className="choice-opener" data-choices>
      {language !== 'en' && <input type="hidden" name="language" value={language} />}
      <button
        type="submit"
        name={name}
        value={value}
        className={className}
        aria-haspopup="dialog"
        data-opens={dialog}
        data-preset={new URLSearchParams({ [name]: value }).toString()}
      >
        {children}
      </button>
    </form>
  );
}
