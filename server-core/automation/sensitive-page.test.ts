import { describe, expect, it } from 'vitest';
import { isSensitivePage, sensitivePageReason } from './sensitive-page';

const NONE = { password_field: false, card_number_field: false };
const at = (url: string) => isSensitivePage(new URL(url), NONE);

describe('isSensitivePage', () => {
  it('payment, sign-in and credential paths are sensitive', () => {
    for (const path of [
      '/checkout',
      '/cart/checkout/step-2',
      '/payment',
      '/payments/new',
      '/pay',
      '/billing',
      '/settings/billing/cards',
      '/card',
      '/login',
      '/signin',
      '/sign-in',
      '/sign_in',
      '/log-in',
      '/users/password',
      '/reset-password',
      '/account/security',
      '/2fa',
      '/mfa/setup',
      '/otp',
      '/credit-card',
    ])
      expect(at(`https://app.example.com${path}`), path).toBe(true);
  });

  it('whole words only: words inside other words do not match', () => {
    for (const path of [
      '/paypal-integration-guide',
      '/cardigans',
      '/discard',
      '/payroll',
      '/loginhistory-docs',
      '/billingsgate',
      '/passwordless-overview',
      '/account',
      '/security',
      '/security/account-settings',
      '/sign',
      '/settings/profile',
      '/',
    ])
      expect(at(`https://app.example.com${path}`), path).toBe(false);
  });

  it('mixed case and percent-encoding (also double encoding and encoded slashes) do not hide a word', () => {
    expect(at('https://app.example.com/CheckOut')).toBe(true);
    expect(at('https://app.example.com/%63heckout')).toBe(true);
    expect(at('https://app.example.com/%2563heckout')).toBe(true);
    expect(at('https://app.example.com/docs%2Fcheckout')).toBe(true);
    expect(at('https://app.example.com/docs%252Flogin')).toBe(true);
    expect(at('https://app.example.com/account%2Fsecurity')).toBe(true);
    expect(at('https://app.example.com/%50%41%59')).toBe(true);
    expect(at('https://app.example.com/a%20pay%20b')).toBe(true);
  });

  it('a malformed escape hides nothing next to it, and endless encoding is refused', () => {
    expect(at('https://app.example.com/%E0%A4%A')).toBe(false);
    expect(at('https://app.example.com/%E0%A4%A/%63heckout')).toBe(true);
    expect(at('https://app.example.com/%2563heckout%25zz')).toBe(true);
    expect(at('https://app.example.com/%2563heckout%25E0')).toBe(true);
    expect(at('https://app.example.com/ok#/%zz%2Fpay')).toBe(true);
    expect(at('https://app.example.com/100%25-done')).toBe(false);
    expect(at(`https://app.example.com/${'%25'.repeat(1)}${'25'.repeat(6)}41`)).toBe(true);
  });

  it('hash routes count; their query and the page query do not', () => {
    expect(at('https://app.example.com/#/checkout')).toBe(true);
    expect(at('https://app.example.com/app#!/billing/cards')).toBe(true);
    expect(at('https://app.example.com/app#/Sign-In?next=home')).toBe(true);
    expect(at('https://app.example.com/app#login')).toBe(true);
    expect(at('https://app.example.com/app#/orders?from=checkout')).toBe(false);
    expect(at('https://app.example.com/orders?next=/login')).toBe(false);
    expect(at('https://app.example.com/orders?step=payment')).toBe(false);
  });

  it('the host is not read (a pay.example.com page is judged by its path)', () => {
    expect(at('https://pay.example.com/orders')).toBe(false);
  });

  it('page facts refuse any page, whatever its URL', () => {
    const url = new URL('https://app.example.com/settings/profile');
    expect(sensitivePageReason(url, { password_field: true, card_number_field: false })).toBe(
      'password_field',
    );
    expect(sensitivePageReason(url, { password_field: false, card_number_field: true })).toBe(
      'card_number_field',
    );
    expect(sensitivePageReason(url, NONE)).toBeNull();
    expect(sensitivePageReason(new URL('https://a.example.com/pay'), NONE)).toBe('url');
  });
});
