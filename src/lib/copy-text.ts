/**
 * Copying a text, with the Clipboard API or, when it is missing or refused, the hidden-textarea method. The browser
 * objects are parameters, so it is unit-tested (tests/unit/share.test.ts).
 */

/** The parts of the browser copying needs. */
export type CopyHost = {
  clipboard?: { writeText: (text: string) => Promise<void> } | undefined;
  document: {
    readonly body: { append: (node: HTMLTextAreaElement) => void };
    readonly activeElement: Element | null;
    createElement: (tag: 'textarea') => HTMLTextAreaElement;
    /** `document.execCommand('copy')`: deprecated, and kept only as this fallback. */
    execCommand: (command: 'copy') => boolean;
  };
};

/** Copies with the hidden-textarea method older browsers and insecure pages still allow. */
function copyWithTextarea(text: string, doc: CopyHost['document']): boolean {
  const previous = doc.activeElement as { focus?: () => void } | null;
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '-9999px';
  area.style.opacity = '0';
  doc.body.append(area);
  area.select();
  let copied: boolean;
  try {
    copied = doc.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  // Give focus back to the button that was pressed (selecting the textarea moved it).
  previous?.focus?.();
  return copied;
}

/** Copies `text` with the Clipboard API, or the textarea fallback when it is missing or refused; true on success. */
export async function copyText(
  text: string,
  host: CopyHost = { clipboard: navigator.clipboard, document },
): Promise<boolean> {
  if (host.clipboard?.writeText) {
    try {
      await host.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, page not focused): the old method may still work.
    }
  }
  return copyWithTextarea(text, host.document);
}
