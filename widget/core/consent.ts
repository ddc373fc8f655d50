import { readKey, writeKey } from './storage';

/**
 * Consent for analytics beacons (campaign.shown / campaign.clicked, launcher and banner analytics).
 * Functional writes (sessions, items, seen, conditions, tracking) never ask. Kept per browser.
 */
const KEY = 'consent';

export const hasAnalyticsConsent = (): boolean => readKey(KEY) === 'granted';

export function setAnalyticsConsent(granted: boolean): void {
  writeKey(KEY, granted ? 'granted' : 'denied');
}

/** Runs an analytics beacon only with consent; returns whether it ran. */
export function analyticsBeacon(send: () => void): boolean {
  if (!hasAnalyticsConsent()) return false;
  send();
  return true;
}
