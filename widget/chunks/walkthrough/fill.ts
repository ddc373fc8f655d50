/** Filling a form control for the automation runner (a pre-fill value; never read back). */

/** Sets a form control's value the way a framework sees it (the prototype's setter), then input and change. */
export function fill(target: HTMLElement, value: string): void {
  const setter = setterOf(target);
  if (!setter) return;
  setter.call(target, value);
  target.dispatchEvent(new Event('input', { bubbles: true }));
  target.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The value setter of a form control's prototype; none for anything else (the person fills it in). */
export function setterOf(target: HTMLElement): ((v: string) => void) | undefined {
  const proto =
    target instanceof HTMLSelectElement
      ? HTMLSelectElement.prototype
      : target instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : target instanceof HTMLInputElement
          ? HTMLInputElement.prototype
          : null;
  return (proto && Object.getOwnPropertyDescriptor(proto, 'value')?.set) || undefined;
}
