import type { Language } from '../core/language';
import { warn } from '../core/warn';
import { type Catalog, EN } from '../ui/messages';

/** English ships in the entry; each other language is a lazy chunk loaded before the launcher shows. */
const LAZY: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalog['t'] }>> = {
  fr: () => import('../chunks/lang-fr'),
  de: () => import('../chunks/lang-de'),
  es: () => import('../chunks/lang-es'),
};

const loaded = new Map<Language, Promise<Catalog>>();

/** The catalog of a language, loaded once per page (the launcher and the tours share it). */
export function loadCatalog(lang: Language): Promise<Catalog> {
  let catalog = loaded.get(lang);
  if (!catalog) {
    catalog =
      lang === 'en'
        ? Promise.resolve({ lang, t: EN })
        : LAZY[lang]().then(
            (m) => ({ lang, t: m.default }),
            (err) => {
              warn(`the ${lang} messages failed to load; English is shown`, err);
              return { lang: 'en', t: EN };
            },
          );
    loaded.set(lang, catalog);
  }
  return catalog;
}
