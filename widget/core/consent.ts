import { readKey, writeKey } from './storage';

/**
 * Consent for analytics beacons (campaign.shown / campaign.clicked, launcher and banner analytics),
 * stored per browser by Widget.consent(granted). Functional writes (sessions, items, seen, conditions,
 * tracking) never ask.
 */
const KEY = 'consent';

export function setAnalyticsConsent(granted: boolean): void {
  writeKey(KEY, granted ? 'granted' : 'denied');
}

/** Whether analytics beacons may be sent: only after Widget.consent(true); consent(false) stops them. */
export function analyticsConsent(): boolean {
  return readKey(KEY) === 'granted';
}
