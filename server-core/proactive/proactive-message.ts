import { DomainError } from '../lib/errors';

export const PROACTIVE_KINDS = ['trigger', 'campaign'] as const;
export type ProactiveKind = (typeof PROACTIVE_KINDS)[number];
/** Regex URL rules are left out: the browser evaluates these, and RE2 and JavaScript disagree. */
export const TRIGGER_URL_MATCHES = ['exact', 'prefix', 'wildcard'] as const;

/** Trigger rules: every rule given must hold on the page (docs/decisions/proactive.md#trigger-rules). */
export interface TriggerRules {
  url?: { match: (typeof TRIGGER_URL_MATCHES)[number]; value: string };
  time_on_page_seconds?: number;
  scroll_percent?: number;
  event?: string;
}

/** A campaign's audience: every key given must match the contact; {} is every identified contact. */
export interface CampaignAudience {
  email_domain?: string;
  attributes?: Record<string, string | number | boolean>;
}

export interface ProactiveMessage {
  id: string;
  kind: ProactiveKind;
  name: string;
  body: string;
  rules: TriggerRules;
  audience: CampaignAudience;
  status: 'draft' | 'published';
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const PROACTIVE_COLUMNS =
  'id, kind, name, body, rules, audience, status, published_at, created_at, updated_at';

const ruleBreak = (field: string, rule: string, message: string) =>
  new DomainError('validation_failed', { field, rule }, message);

/**
 * What the schema cannot say: a trigger message has at least one rule and no audience; a campaign has an
 * audience (maybe empty) and no rules.
 */
export function checkKindFields(kind: ProactiveKind, rules: TriggerRules, audience: CampaignAudience): void {
  if (kind === 'trigger') {
    if (Object.keys(rules).length === 0)
      throw ruleBreak('rules', 'required', 'A trigger message needs at least one rule.');
    if (Object.keys(audience).length > 0)
      throw ruleBreak('audience', 'not_allowed', 'A trigger message has no audience: its rules decide.');
  } else if (Object.keys(rules).length > 0) {
    throw ruleBreak(
      'rules',
      'not_allowed',
      'A campaign has no trigger rules: the server decides by audience.',
    );
  }
}
