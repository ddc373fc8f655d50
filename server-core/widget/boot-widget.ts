import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from '../attachments/attachment-types';
import type { Ctx } from '../context';
import type { Db } from '../db/db';
import type { Flag } from '../flags/catalog';
import type { Clock } from '../lib/clock';
import { notFound } from '../lib/errors';
import { publishedTriggerMessages } from '../proactive/list-proactive-messages';
import type { TriggerRules } from '../proactive/proactive-message';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import { throttleAddress } from '../ratelimit/throttle-address';
import { type WidgetTheme, widgetTheme } from './brand-colors';
import { findVisitor, issueVisitor, touchVisitor, type Visitor } from './visitors';
import {
  type DefaultTab,
  getWidgetSettings,
  type LanguageSetting,
  type LauncherSide,
  markWidgetInstalled,
} from './widget-settings';

/** The boot config (docs/decisions/widget-api.md, Boot config, lists every field and why). */
export interface BootConfig {
  website_id: string;
  workspace_name: string;
  features: { experiences: boolean; event_tracking: boolean; walkthrough: boolean };
  widget_settings: {
    default_tab: DefaultTab;
    launcher_side: LauncherSide;
    greeting: string | null;
    language: LanguageSetting;
    theme: WidgetTheme;
  };
  launcher_icon_url: string | null;
  logo_url: string | null;
  attachments: { enabled: boolean; max_bytes: number; types: string[] };
  /** The published trigger messages: the browser evaluates their rules (docs/decisions/proactive.md). */
  trigger_rules: TriggerMessage[];
}

export interface TriggerMessage {
  id: string;
  body: string;
  rules: TriggerRules;
}

export interface BootResult {
  visitor: Visitor;
  /** The plaintext token when this boot issued a new visitor; null when the presented one is live. */
  token: string | null;
  identity: { email: string; name: string | null } | null;
  config: BootConfig;
}

export interface BootDeps {
  db: Db;
  clock: Clock;
  flags: { isEnabled(workspaceId: string, flag: Flag): Promise<boolean> };
  rateLimiter: RateLimiter;
  /** Signs visitor tokens (visitor-token.ts). */
  visitorTokenKey: Buffer;
  /** A virus scanner and a file store are configured (CLAMD_URL): attachments can be on. */
  attachmentsConfigured: boolean;
}

export interface BootInput {
  websiteId: string;
  token: string | null;
  countsAsInstall: boolean;
  /** The client address's throttle key and the boots it may make per minute on this website. */
  throttle: { address: string; perMinute: number };
}

/**
 * GET /widget/boot: the website id names the workspace; boots are limited per client address and
 * website; a live visitor token of that workspace is reused (and extended), anything else gets a new
 * visitor, issued without a write (visitors.ts). The first boot from a customer page marks the widget
 * installed.
 */
export async function bootWidget(deps: BootDeps, input: BootInput): Promise<BootResult> {
  const [workspace] = await deps.db.query<{ id: string; name: string; website_id: string }>(
    'select id, name, website_id from workspaces where website_id = $1',
    [input.websiteId],
  );
  if (!workspace) throw notFound('website');
  await throttleAddress(
    deps.rateLimiter,
    { workspaceId: workspace.id, name: 'widget_boot', ...input.throttle },
    'Too many widget boots from this address. Retry after the reset.',
  );
  const ctx: Ctx = {
    db: deps.db,
    clock: deps.clock,
    workspaceId: workspace.id,
    actor: { type: 'system', id: null },
  };

  const now = deps.clock.now();
  const presented = input.token ? await findVisitor(deps, input.token, now) : null;
  let visitor: Visitor;
  let token: string | null = null;
  if (presented && presented.workspaceId === workspace.id) {
    visitor = await touchVisitor({ ...ctx, actor: { type: 'visitor', id: presented.id } }, presented);
  } else {
    ({ visitor, token } = issueVisitor(
      deps.visitorTokenKey,
      { id: workspace.id, websiteId: workspace.website_id },
      now,
    ));
  }
  if (input.countsAsInstall) await markWidgetInstalled(ctx);

  const flag = (f: Flag) => deps.flags.isEnabled(workspace.id, f);
  const settings = await getWidgetSettings(deps.db, workspace.id);
  const identity = visitor.contactId
    ? ((
        await deps.db.query<{ email: string; name: string | null }>(
          'select email, name from contacts where workspace_id = $1 and id = $2',
          [workspace.id, visitor.contactId],
        )
      )[0] ?? null)
    : null;
  return {
    visitor,
    token,
    identity,
    config: {
      website_id: workspace.website_id,
      workspace_name: workspace.name,
      features: {
        experiences: await flag('feature.experiences.core'),
        event_tracking: await flag('feature.contacts.event_tracking'),
        walkthrough: await flag('feature.walkthrough.player'),
      },
      widget_settings: {
        default_tab: settings.default_tab,
        launcher_side: settings.launcher_side,
        greeting: settings.greeting,
        language: settings.language,
        theme: widgetTheme(settings.brand_color),
      },
      launcher_icon_url: (await flag('feature.messaging.launcher_icon')) ? settings.launcher_icon_url : null,
      logo_url: settings.logo_url,
      // The same gates as the upload (docs/decisions/attachments.md, The gates).
      attachments: {
        enabled: deps.attachmentsConfigured && (await flag('feature.messaging.attachments')),
        max_bytes: ATTACHMENT_MAX_BYTES,
        types: [...ATTACHMENT_TYPES],
      },
      trigger_rules: await publishedTriggerMessages(ctx),
    },
  };
}
