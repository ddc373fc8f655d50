import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { validationFailed } from '../lib/errors';

export const DEFAULT_TABS = ['help', 'onboarding', 'chat', 'auto'] as const;
export type DefaultTab = (typeof DEFAULT_TABS)[number];

export interface WidgetSettings {
  default_tab: DefaultTab;
  launcher_icon_url: string | null;
  logo_url: string | null;
  installed_at: Date | null;
}

const DEFAULTS: WidgetSettings = {
  default_tab: 'auto',
  launcher_icon_url: null,
  logo_url: null,
  installed_at: null,
};

export async function getWidgetSettings(db: Sql, workspaceId: string): Promise<WidgetSettings> {
  const rows = await db.query<WidgetSettings>(
    'select default_tab, launcher_icon_url, logo_url, installed_at from widget_settings where workspace_id = $1',
    [workspaceId],
  );
  return rows[0] ?? DEFAULTS;
}

/** Image URLs the widget draws on customer pages: absolute https (http only for loopback hosts). */
export function checkImageUrl(field: string, value: string | null): string | null {
  if (value === null) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw validationFailed(`${field} must be an absolute URL.`, { field, rule: 'url' });
  }
  const loopback = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(url.hostname);
  if (value.length > 2048 || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback))) {
    throw validationFailed(`${field} must be an https URL of at most 2048 characters.`, {
      field,
      rule: 'https_url',
    });
  }
  return url.href;
}

/** Sets the given settings, leaving the others as they are. */
export async function updateWidgetSettings(
  ctx: Ctx,
  patch: Partial<Pick<WidgetSettings, 'default_tab' | 'launcher_icon_url' | 'logo_url'>>,
): Promise<WidgetSettings> {
  if (patch.default_tab !== undefined && !DEFAULT_TABS.includes(patch.default_tab)) {
    throw validationFailed('default_tab must be help, onboarding, chat or auto.', { field: 'default_tab' });
  }
  const current = await getWidgetSettings(ctx.db, ctx.workspaceId);
  const next = {
    default_tab: patch.default_tab ?? current.default_tab,
    launcher_icon_url:
      patch.launcher_icon_url === undefined
        ? current.launcher_icon_url
        : checkImageUrl('launcher_icon_url', patch.launcher_icon_url),
    logo_url: patch.logo_url === undefined ? current.logo_url : checkImageUrl('logo_url', patch.logo_url),
  };
  const [row] = await ctx.db.query<WidgetSettings>(
    `insert into widget_settings (workspace_id, default_tab, launcher_icon_url, logo_url, updated_at)
     values ($1, $2, $3, $4, $5)
     on conflict (workspace_id) do update set default_tab = excluded.default_tab,
       launcher_icon_url = excluded.launcher_icon_url, logo_url = excluded.logo_url, updated_at = excluded.updated_at
     returning default_tab, launcher_icon_url, logo_url, installed_at`,
    [ctx.workspaceId, next.default_tab, next.launcher_icon_url, next.logo_url, ctx.clock.now()],
  );
  return row!;
}

/** The first boot from a customer page marks the widget installed; later boots change nothing. */
export async function markWidgetInstalled(ctx: Ctx): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.query(
    `insert into widget_settings (workspace_id, installed_at, updated_at) values ($1, $2, $2)
     on conflict (workspace_id) do update set installed_at = $2, updated_at = $2
     where widget_settings.installed_at is null`,
    [ctx.workspaceId, now],
  );
}
