/**
 * Sharing a page (blog posts and Contact): social share pages in centred popups that fall back
 * to navigating when a blocker refuses the popup, a WhatsApp message, and copying a link with a hidden-textarea
 * fallback when the Clipboard API is missing or refused. The browser objects are parameters, so it is unit-tested.
 */
import { chatUrl } from './links.ts';

/** Networks whose share page opens in a popup. */
export type ShareNetwork = 'facebook' | 'x' | 'linkedin';

/** A popup's size in CSS pixels. */
export type PopupSize = { readonly width: number; readonly height: number };

/** Popup sizes: 626×436 for Facebook and 550×420 for X; LinkedIn's own recommended 600×600. */
export const POPUP_SIZES: Readonly<Record<ShareNetwork, PopupSize>> = {
  facebook: { width: 626, height: 436 },
  x: { width: 550, height: 420 },
  linkedin: { width: 600, height: 600 },
};

/** The share page of `network` for `pageUrl`, with `text` where the network takes one. */
export function shareUrl(network: ShareNetwork, pageUrl: string, text = ''): string {
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}`;
    case 'x': {
      const url = new URL('https://twitter.com/intent/tweet');
      url.searchParams.set('url', pageUrl);
      if (text) url.searchParams.set('text', text);
      return url.toString();
    }
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(pageUrl)}`;
  }
}

/** A WhatsApp chat that starts with `text` and the link; the visitor picks who to send it to. */
export function whatsappShareUrl(pageUrl: string, text: string): string {
  // wa.me without a number is WhatsApp's "choose a chat" share link.
  return chatUrl('', `${text} ${pageUrl}`.trim());
}

/** Where the opening window sits on screen, to centre the popup over it. */
export type ScreenBox = { screenX: number; screenY: number; outerWidth: number; outerHeight: number };

/** `window.open` features for a popup of `size` centred over `box`. */
export function popupFeatures(size: PopupSize, box: ScreenBox): string {
  const left = Math.max(0, Math.round(box.screenX + (box.outerWidth - size.width) / 2));
  const top = Math.max(0, Math.round(box.screenY + (box.outerHeight - size.height) / 2));
  return `popup=yes,width=${size.width},height=${size.height},left=${left},top=${top}`;
}

/** The parts of `window` a share popup needs. */
export type PopupHost = ScreenBox & {
  open: (url: string, target: string, features: string) => { opener: unknown } | null;
  location: { assign: (url: string) => void };
};

/**
 * Opens `url` in a popup of `size`; when the browser blocks it (`window.open` gives null) the page itself goes
 * to `url`. Answers which of the two happened.
 */
export function openSharePopup(url: string, size: PopupSize, host: PopupHost = window): 'popup' | 'navigated' {
  // No `noopener` in the features: with it `open` always returns null and a blocked popup could not be told apart.
  const popup = host.open(url, '_blank', popupFeatures(size, host));
  if (!popup) {
    host.location.assign(url);
    return 'navigated';
  }
  popup.opener = null;
  return 'popup';
}

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
