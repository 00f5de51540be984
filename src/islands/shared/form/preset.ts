/** Sets the select `name` of the form inside the dialog `dialogId` to `value` (a preset chosen by its opener). */
export function presetSelect(dialogId: string, name: string, value: string): void {
  const select = document.getElementById(dialogId)?.querySelector('form')?.elements.namedItem(name);
  if (select instanceof HTMLSelectElement) select.value = value;
}
