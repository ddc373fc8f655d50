import type { BootConfig } from '../core/runtime';

type Theme = BootConfig['widget_settings']['theme'];

const HEX = /^#[0-9a-f]{6}$/i;
const DEFAULT: Theme = { brand: '#1f5fa8', on_brand: '#ffffff', accent: '#1f5fa8', accent_dark: '#8db5ea' };

/**
 * The workspace's colours as CSS custom properties for `selector` (:host in the launcher's shadow
 * root, :root in the panel), in a stylesheet of their own (no inline style: CSP). The server derives
 * them for contrast (server-core/widget/brand-colors.ts); anything but #rrggbb falls back to the default.
 */
export function themeCss(theme: Theme | undefined, selector: string): string {
  const pick = (key: keyof Theme) => (HEX.test(theme?.[key] ?? '') ? theme![key] : DEFAULT[key]);
  return (
    `${selector}{--brand:${pick('brand')};--on-brand:${pick('on_brand')};--accent:${pick('accent')}}` +
    `@media (prefers-color-scheme:dark){${selector}{--accent:${pick('accent_dark')}}}`
  );
}
