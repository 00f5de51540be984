/**
 * The script that makes the choice a dialog opener carries: a button with `commandfor` and
 * `data-preset="school=Kibera…"` sets those fields of the form in the dialog it opens, and an opener inside another
 * dialog closes that one first (Safari does not focus a clicked button, so the opener is focused for the dialog to
 * return focus to it). A submit button with `data-opens="<dialog id>"` (src/islands/shared/ChoiceOpener.tsx) is
 * opened the same way in place, rather than sending its form. A classic inline script, placed before the openers, so
 * it works from the first tap, before any script file or island has loaded. Without JavaScript a `commandfor` dialog
 * opens with the form as it is, and a `data-opens` button asks for the page with the dialog open and the choice made.
 */
import { createHash } from 'node:crypto';

/** The script's source, as the page carries it. */
export const DIALOG_PRESETS_SCRIPT = `(function () {
  function open(source, dialog) {
    var from = source.closest('dialog');
    if (from && from !== dialog && from.open) from.close();
    source.focus();
    var form = dialog.querySelector('form'), preset = source.getAttribute('data-preset');
    if (!form || !preset) return;
    new URLSearchParams(preset).forEach(function (value, name) {
      var control = form.elements.namedItem(name);
      if (control instanceof HTMLSelectElement || control instanceof HTMLInputElement) control.value = value;
    });
  }
  document.addEventListener('command', function (event) {
    var source = event.source, dialog = event.target;
    if (!(source instanceof HTMLElement) || !(dialog instanceof HTMLDialogElement) || event.command !== 'show-modal') return;
    open(source, dialog);
  }, true);
  document.addEventListener('click', function (event) {
    var source = event.target instanceof Element ? event.target.closest('button[data-opens]') : null;
    var dialog = source && document.getElementById(source.getAttribute('data-opens'));
    if (!(dialog instanceof HTMLDialogElement)) return;
    event.preventDefault();
    open(source, dialog);
    if (!dialog.open) dialog.showModal();
  }, true);
})();`;

/** Its hash for the page's Content-Security-Policy (`script-src`). */
export const DIALOG_PRESETS_HASH =
  `sha256-${createHash('sha256').update(DIALOG_PRESETS_SCRIPT).digest('base64')}` as const;
