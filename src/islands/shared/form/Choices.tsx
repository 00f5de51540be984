import type { ReactNode } from 'react';
import Fieldset from './Fieldset.tsx';

/** One radio of a group: its value, its visible label, and anything shown after the label (a badge). */
export type Choice = { value: string | number; label: string; extra?: ReactNode };

type Props = {
  name: string;
  legend: string;
  choices: readonly Choice[];
  /** The choice checked when the page loads (and after a reset); none when left out. */
  defaultValue?: string | number;
  required?: boolean;
  /** Class of the row holding the radios (`choice-row`, `cause-grid`, …). */
  layout?: string;
  /** Class of each radio's label. */
  itemClass?: string;
  /** Id of a description every radio shares. */
  describedBy?: string;
  /** Shown after the radios, inside the group (e.g. a typed amount). */
  children?: ReactNode;
};

/** A group of radios of the form kit, uncontrolled like every field, with the group's error message. */
export default function Choices({
  name,
  legend,
  choices,
  defaultValue,
  required,
  layout = 'choice-row',
  itemClass = 'choice',
  describedBy,
  children,
}: Props) {
  return (
    <Fieldset name={name} legend={legend}>
      <div className={layout}>
        {choices.map((choice) => (
          <label key={choice.value} className={itemClass}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              required={required}
              defaultChecked={choice.value === defaultValue}
              aria-describedby={describedBy}
            />
            <span>
              {choice.label}
              {choice.extra}
            </span>
          </label>
        ))}
      </div>
      {children}
    </Fieldset>
  );
}
