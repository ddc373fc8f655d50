/** Every console message of the widget starts with [widget]; logging itself never throws. */
export function warn(...args: unknown[]): void {
  try {
    console.warn('[widget]', ...args);
  } catch {
    // a host that broke console gets silence
  }
}
