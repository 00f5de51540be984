/**
 * A network's share page in a popup centred over the page, falling back to navigating when a blocker refuses the
 * popup. The browser objects are parameters, so it is unit-tested (tests/unit/share.test.ts).
 */

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
