/**
 * The widget's colours from one brand colour (#rrggbb): the text colour on it and the accent (links,
 * selected states) on the panel's light and dark backgrounds, each meeting WCAG 2 contrast for body text.
 */
export const BRAND_COLOR = /^#[0-9a-f]{6}$/;
export const DEFAULT_BRAND_COLOR = '#1f5fa8';

/** The panel's backgrounds (widget/ui/styles.ts): accents are checked against these. */
export const PANEL_BACKGROUND = { light: '#ffffff', dark: '#17191e' } as const;

/** WCAG 2 AA for normal text. */
export const MIN_CONTRAST = 4.5;

export interface WidgetTheme {
  /** The brand colour: launcher, header, primary buttons. */
  brand: string;
  /** Text and icons on the brand colour: white or black, whichever contrasts more (at least 4.58:1). */
  on_brand: string;
  /** Links and selected states on the light panel: the brand, darkened until 4.5:1. */
  accent: string;
  /** The same on the dark panel: the brand, lightened until 4.5:1. */
  accent_dark: string;
}

const channels = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

const toHex = (rgb: readonly number[]): string =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or black text on the colour, whichever reads better (the worse of the two best is 4.58:1). */
export function textOn(hex: string): '#ffffff' | '#000000' {
  return contrastRatio(hex, '#ffffff') >= contrastRatio(hex, '#000000') ? '#ffffff' : '#000000';
}

/** The colour moved toward `target` in small steps until it reaches MIN_CONTRAST on `background`. */
export function accentOn(hex: string, background: string): string {
  const target = luminance(background) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  const from = channels(hex);
  for (let step = 0; step <= 20; step++) {
    const t = step / 20;
    const candidate = toHex(from.map((c, i) => c + (target[i]! - c) * t));
    if (contrastRatio(candidate, background) >= MIN_CONTRAST) return candidate;
  }
  return toHex(target);
}

export function widgetTheme(brand: string): WidgetTheme {
  return {
    brand,
    on_brand: textOn(brand),
    accent: accentOn(brand, PANEL_BACKGROUND.light),
    accent_dark: accentOn(brand, PANEL_BACKGROUND.dark),
  };
}
