import { expect, it } from 'vitest';
import { LANGUAGE_SETTINGS, WIDGET_LANGUAGES } from '../../server-core/widget/widget-settings';
import { LANGUAGES, pickLanguage } from './language';

it('knows the languages the server lets a workspace choose', () => {
  expect([...LANGUAGES]).toEqual([...WIDGET_LANGUAGES]);
});

it("takes the workspace's language, whatever the browser says", () => {
  expect(pickLanguage('de', ['fr-FR', 'en'])).toBe('de');
  expect(pickLanguage('en', ['es'])).toBe('en');
  for (const setting of LANGUAGE_SETTINGS.filter((s) => s !== 'auto'))
    expect(pickLanguage(setting, [])).toBe(setting);
});

it('with auto, the first browser language the catalog has, by primary subtag; else English', () => {
  expect(pickLanguage('auto', ['fr-CA', 'en-US'])).toBe('fr');
  expect(pickLanguage('auto', ['it-IT', 'pt', 'es-MX', 'fr'])).toBe('es');
  expect(pickLanguage('auto', ['DE-at'])).toBe('de');
  expect(pickLanguage('auto', ['en-GB', 'fr'])).toBe('en');
  expect(pickLanguage('auto', ['ja', 'zh-Hant'])).toBe('en');
  expect(pickLanguage('auto', [])).toBe('en');
  expect(pickLanguage('auto', undefined)).toBe('en');
  // A language the catalog does not have (a newer server) falls back to English.
  expect(pickLanguage('it', ['fr'])).toBe('en');
});
