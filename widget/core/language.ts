/** The languages of the widget's message catalog, as the boot config names them. */
export const LANGUAGES = ['en', 'fr', 'de', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The widget's language: the workspace's choice, or with `auto` the first of the browser's languages
 * (navigator.languages, most preferred first) the catalog has, matched on the primary subtag
 * (fr-CA is French); English when none matches.
 */
export function pickLanguage(setting: string, browser: readonly string[] | undefined): Language {
  const known = (tag: string) => (LANGUAGES as readonly string[]).includes(tag);
  if (setting !== 'auto') return known(setting) ? (setting as Language) : 'en';
  for (const tag of browser ?? []) {
    const primary = String(tag).split('-')[0]!.toLowerCase();
    if (known(primary)) return primary as Language;
  }
  return 'en';
}
