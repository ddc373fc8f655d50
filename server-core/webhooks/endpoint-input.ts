import { DomainError } from '../lib/errors';
import { unknownEventTypes } from './catalog';
import { checkWebhookUrl } from './url-guard';

export const MAX_DESCRIPTION_LENGTH = 200;
export const MAX_EVENTS = 50;
/** Endpoints a workspace may register by default (WEBHOOK_MAX_ENDPOINTS). */
export const MAX_ENDPOINTS_PER_WORKSPACE = 20;

/** What the guards need from the configuration: hosts UNSAFE_WEBHOOK_ALLOW_HOSTS lets through. */
export interface WebhookUrlPolicy {
  allowHosts: readonly string[];
  /** A development server: a refused local host's message says how to allow it (url-guard.ts). */
  development?: boolean;
}

/** The registration guard as a domain answer: webhook_url_not_allowed with the reason. */
export function assertWebhookUrl(url: string, policy: WebhookUrlPolicy): string {
  const check = checkWebhookUrl(url, policy.allowHosts, { development: policy.development });
  if (!check.ok) {
    throw new DomainError('webhook_url_not_allowed', { field: 'url', reason: check.reason }, check.message);
  }
  return url;
}

/** 1..50 catalog names, duplicates folded; a name outside the catalog is unknown_event_type. */
export function assertEvents(events: readonly string[]): string[] {
  const unique = [...new Set(events)];
  if (unique.length < 1 || events.length > MAX_EVENTS)
    throw new DomainError(
      'validation_failed',
      { field: 'events' },
      `events must list 1 to ${MAX_EVENTS} event types.`,
    );
  const unknown = unknownEventTypes(unique);
  if (unknown.length > 0) {
    throw new DomainError('unknown_event_type', { field: 'events', unknown });
  }
  return unique.sort();
}

export function assertDescription(description: string | null | undefined): string | null {
  if (description === null || description === undefined) return null;
  if (description.length > MAX_DESCRIPTION_LENGTH)
    throw new DomainError(
      'validation_failed',
      { field: 'description' },
      `description has at most ${MAX_DESCRIPTION_LENGTH} characters.`,
    );
  return description;
}
