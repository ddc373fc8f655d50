import type { components } from '../../../bff/openapi/schema';
import { pageMatches } from '../../core/url-rule';

type Rules = components['schemas']['TriggerRules'];

/** How far down the page the visitor is, in percent of the scrollable height (0 when nothing scrolls). */
export function scrollPercent(d: Document, w: Window): number {
  const room = d.documentElement.scrollHeight - w.innerHeight;
  return room > 0 ? Math.min(100, (w.scrollY / room) * 100) : 0;
}

/** Whether every rule of a trigger message holds now. */
export function rulesHold(
  rules: Rules,
  page: { href: string; seconds: number; scrolled: number; events: readonly string[] },
): boolean {
  if (rules.url && !pageMatches(rules.url, page.href)) return false;
  if (rules.time_on_page_seconds !== undefined && page.seconds < rules.time_on_page_seconds) return false;
  if (rules.scroll_percent !== undefined && page.scrolled < rules.scroll_percent) return false;
  if (rules.event !== undefined && !page.events.includes(rules.event)) return false;
  return true;
}
