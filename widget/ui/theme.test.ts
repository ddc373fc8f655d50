import { expect, it } from 'vitest';
import { widgetTheme } from '../../server-core/widget/brand-colors';
import { themeCss } from './theme';

it('writes the server-derived colours as custom properties, the accent switching with the colour scheme', () => {
  expect(themeCss(widgetTheme('#ffd800'), ':host')).toBe(
    `:host{--brand:#ffd800;--on-brand:#000000;--accent:${widgetTheme('#ffd800').accent}}` +
      '@media (prefers-color-scheme:dark){:host{--accent:#ffd800}}',
  );
});

it('never writes anything but #rrggbb into the stylesheet', () => {
  const hostile = {
    brand: 'red;}body{display:none',
    on_brand: '#fff',
    accent: 'url(https://evil.example/x)',
    accent_dark: '#12345',
  };
  const css = themeCss(hostile, ':root');
  expect(css).toBe(themeCss(undefined, ':root'));
  expect(css).not.toMatch(/display|url|red/);
});
