import type { Language } from '../core/language';
import { warn } from '../core/warn';
import { type Catalog, EN } from '../ui/messages';

/** English ships in the entry; each other language is a lazy chunk loaded before the launcher shows. */
const LAZY: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalog['t'] }>> = {
  fr: () => import('../chunks/lang-fr'),
  de: () => import('../chunks/lang-de'),
  es: () => import('../chunks/lang-es'),
};

export async function loadCatalog(lang: Language): Promise<Catalog> {
  if (lang === 'en') return { lang, t: EN };
  try {
    return { lang, t: (await LAZY[lang]()).default };
  } catch (err) {
    warn(`the ${lang} messages failed to load; English is shown`, err);
    return { lang: 'en', t: EN };
  }
}
