import { expect, it } from 'vitest';
import {
  accentOn,
  contrastRatio,
  DEFAULT_BRAND_COLOR,
  MIN_CONTRAST,
  PANEL_BACKGROUND,
  textOn,
  widgetTheme,
} from './brand-colors';

it('measures WCAG 2 contrast', () => {
  expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
  expect(contrastRatio('#777777', '#777777')).toBe(1);
  expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
});

it('picks white or black text on the brand colour, whichever reads better', () => {
  expect(textOn(DEFAULT_BRAND_COLOR)).toBe('#ffffff');
  expect(textOn('#ffd800')).toBe('#000000'); // a yellow brand gets black text
  expect(textOn('#00a36c')).toBe('#000000');
  expect(textOn('#6b21a8')).toBe('#ffffff');
});

it('every brand colour gets body-text contrast: text on it, and an accent on both panel backgrounds', () => {
  for (let r = 0; r < 256; r += 51)
    for (let g = 0; g < 256; g += 51)
      for (let b = 0; b < 256; b += 51) {
        const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
        const theme = widgetTheme(hex);
        expect(contrastRatio(theme.on_brand, hex), hex).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(theme.accent, PANEL_BACKGROUND.light), hex).toBeGreaterThanOrEqual(MIN_CONTRAST);
        expect(contrastRatio(theme.accent_dark, PANEL_BACKGROUND.dark), hex).toBeGreaterThanOrEqual(
          MIN_CONTRAST,
        );
      }
});

it('keeps a brand colour that already contrasts, and moves one that does not as little as it can', () => {
  expect(widgetTheme(DEFAULT_BRAND_COLOR)).toEqual({
    brand: '#1f5fa8',
    on_brand: '#ffffff',
    accent: '#1f5fa8',
    accent_dark: accentOn('#1f5fa8', PANEL_BACKGROUND.dark),
  });
  const yellow = accentOn('#ffd800', PANEL_BACKGROUND.light);
  expect(yellow).not.toBe('#ffd800');
  expect(contrastRatio(yellow, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
  expect(contrastRatio(yellow, '#ffffff')).toBeLessThan(6); // darkened just enough, not to black
  expect(accentOn('#ffd800', PANEL_BACKGROUND.dark)).toBe('#ffd800');
});
