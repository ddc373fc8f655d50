/**
 * The page facts the automation runner sends (booleans only, never a value): a password field, a
 * payment-card field (autocomplete cc-number / cc-csc / cc-exp*, or a name or id that reads like one).
 */
export interface PageFacts {
  password_field: boolean;
  card_number_field: boolean;
}

export const CARD_NAME =
  /card.?(num|no\b)|cc.?(num|no\b)|credit.?card|\bcvv|\bcvc|\bcsc\b|card.?exp|cc.?exp/i;

export function pageFacts(doc: Document = document): PageFacts {
  const card =
    !!doc.querySelector('[autocomplete~="cc-number"],[autocomplete~="cc-csc"],[autocomplete*="cc-exp"]') ||
    [...doc.querySelectorAll('input,select')].some(
      (el) => CARD_NAME.test(el.getAttribute('name') ?? '') || CARD_NAME.test(el.id),
    );
  return { password_field: !!doc.querySelector('input[type=password i]'), card_number_field: card };
}
