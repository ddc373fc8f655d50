import { describe, expect, it } from 'vitest';
import { STORE_ARTICLES } from '../testing/store-help-center';
import { MIN_WORDS, readsAsEnglish } from './reads-as-english';

const OTHER_LANGUAGES: Record<string, string> = {
  French:
    'Mot de passe oublié ? Ouvrez la page de connexion et cliquez sur « Mot de passe oublié ». On vous envoie un lien par e-mail ; il est valable une heure. Si vous ne le recevez pas, vérifiez vos courriers indésirables.',
  Spanish:
    'Puede devolver la mayoría de los artículos en un plazo de 30 días. Abra su cuenta, elija el pedido y pulse en «Devolver». El reembolso llega a su tarjeta en cinco días hábiles.',
  German:
    'Sie können die meisten Artikel innerhalb von 30 Tagen zurückgeben. Öffnen Sie Ihr Konto, wählen Sie die Bestellung und klicken Sie auf „Zurücksenden“. Wer das Passwort vergessen hat, will es an der Anmeldeseite zurücksetzen.',
  Dutch:
    'Het wachtwoord is vergeten? Open de inlogpagina en klik op „Wachtwoord vergeten”. We sturen je een link per e-mail; die is een uur geldig. Of kijk in je map met ongewenste e-mail als hij niet aankomt.',
  Portuguese:
    'Pode devolver a maioria dos artigos no prazo de 30 dias. Abra a sua conta, escolha o pedido e carregue em «Devolver». As configurações do reembolso estão na página do pedido.',
};

describe('readsAsEnglish', () => {
  it('reads every article of an English help center as English', () => {
    for (const a of STORE_ARTICLES) expect(readsAsEnglish(`${a.title}\n${a.body}`), a.title).toBe(true);
  });

  it('reads none of five other languages as English', () => {
    for (const [language, text] of Object.entries(OTHER_LANGUAGES))
      expect(readsAsEnglish(text), language).toBe(false);
  });

  it('says no on what is too short to tell, empty, or no prose at all', () => {
    expect(readsAsEnglish('')).toBe(false);
    expect(readsAsEnglish('the and to you your for with')).toBe(false); // MIN_WORDS - 1 words
    expect(MIN_WORDS).toBe(8);
    expect(readsAsEnglish('12345 67890 !!! ??? --- *** ### 2026-11-29 10:00')).toBe(false);
    expect(readsAsEnglish('zèbre '.repeat(500))).toBe(false);
  });

  it('reads a bounded prefix of a huge text, and English text with markup and other scripts around it', () => {
    const english = 'Open the settings and choose how you want to be notified when an order ships. ';
    expect(readsAsEnglish(english.repeat(10_000))).toBe(true);
    expect(readsAsEnglish(`<p>${english}</p> **bold** 注文 ${english}`)).toBe(true);
    // Only the first 20,000 characters count: English far down a French text does not make it English.
    expect(readsAsEnglish(`${OTHER_LANGUAGES.French!.repeat(120)}${english.repeat(500)}`)).toBe(false);
  });
});
