import { useDeferredValue, useMemo } from 'react';
import { renderMarkdown } from '../lib/markdown.ts';

type Props = {
  /** The Markdown being typed. */
  readonly markdown: string;
  /** What the preview is of, for its label. */
  readonly label: string;
};

/**
 * What visitors will see: the Markdown rendered by the site's own pipeline (src/lib/markdown.ts), which drops raw
 * HTML, scripts, handlers and images from elsewhere, so the HTML it gives is safe to insert.
 */
export default function MarkdownPreview({ markdown, label }: Props) {
  // Rendering waits for typing to pause, so long posts never slow the text area down.
  const deferred = useDeferredValue(markdown);
  const html = useMemo(() => renderMarkdown(deferred), [deferred]);
  return (
    <details className="markdown-preview">
      <summary>Preview of {label}</summary>
      {/* Safe by construction: renderMarkdown sanitises its output (rehype-sanitize). */}
      <div className="markdown-preview__body" dangerouslySetInnerHTML={{ __html: html }} />
    </details>
  );
}
