import { expect, it } from 'vitest';
import { analyticsConsent, setAnalyticsConsent } from './consent';
import { safeUrl } from './surfaces';

it('a launcher or banner link leads to http(s) only: paths resolve against the page, javascript: and the like go nowhere', () => {
  const page = 'https://app.example.com/billing?x=1';
  expect(safeUrl('/pricing', page)).toBe('https://app.example.com/pricing');
  expect(safeUrl('https://docs.example.com/a', page)).toBe('https://docs.example.com/a');
  expect(safeUrl('http://example.com', page)).toBe('http://example.com/');
  expect(safeUrl('javascript:alert(1)', page)).toBeNull();
  expect(safeUrl('data:text/html,hi', page)).toBeNull();
  expect(safeUrl('http://', page)).toBeNull();
});

it('analytics consent reads what Widget.consent stored: none before, then granted, then withdrawn', () => {
  expect(analyticsConsent()).toBe(false);
  setAnalyticsConsent(true);
  expect(analyticsConsent()).toBe(true);
  setAnalyticsConsent(false);
  expect(analyticsConsent()).toBe(false);
});
