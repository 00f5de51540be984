import type { Ref } from 'react';
import { useFormWords } from './language.ts';
import type { FieldError } from './useTrackForm.ts';

type Props = {
  errors: readonly FieldError[];
  /** Focused when errors appear, so the reader starts at the list. */
  ref: Ref<HTMLDivElement>;
};

/**
 * The GOV.UK Design System's error summary: "There is a problem" and a link to each field to fix. The live
 * region is always in the page (visually hidden while empty), so screen readers announce it when it fills.
 */
export default function ErrorSummary({ errors, ref }: Props) {
  const t = useFormWords();
  return (
    <div ref={ref} className="error-summary" role="alert" tabIndex={-1}>
      {errors.length > 0 && (
        <>
          <h3 className="error-summary__title">{t('form.problem')}</h3>
          <ul className="error-summary__list">
            {errors.map((error) => (
              <li key={`${error.name}-${error.message}`}>
                {error.id ? (
                  <a href={`#${error.id}`}>
                    {error.label}: {error.message}
                  </a>
                ) : (
                  error.message
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
