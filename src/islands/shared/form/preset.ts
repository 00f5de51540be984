/** Sets the select `name` of the form inside the dialog `dialogId` to `value` (a preset chosen by its opener). */
export function presetSelect(dialogId: string, name: string, value: string): void {
  const select = document.getElementById(dialogId)?.querySelector('form')?.elements.namedItem(name);
  if (select instanceof HTMLSelectElement) select.value = value;
}

/**
 * Sets the form's controls to the choices an address carries, where the visitor has not changed them yet (a
 * control still at its default): what was typed or picked before the island woke up wins over the address.
 */
export function adoptChoices(form: HTMLFormElement, fields: readonly (readonly [string, string])[]): void {
  for (const [name, value] of fields) {
    const control = form.elements.namedItem(name);
    if (control instanceof RadioNodeList) {
      const radios = [...control].filter((item): item is HTMLInputElement => item instanceof HTMLInputElement);
      if (radios.some((radio) => radio.checked !== radio.defaultChecked)) continue;
      if (value !== '' && !radios.some((radio) => radio.value === value)) continue;
      for (const radio of radios) radio.checked = radio.value === value;
    } else if (control instanceof HTMLInputElement && control.value === control.defaultValue) {
      control.value = value;
    } else if (
      control instanceof HTMLSelectElement &&
      [...control.options].every((o) => o.selected === o.defaultSelected)
    ) {
      control.value = value;
    }
  }
}
