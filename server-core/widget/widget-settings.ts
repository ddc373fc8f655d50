import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { DomainError } from '../lib/errors';
import { BRAND_COLOR, DEFAULT_BRAND_COLOR } from './brand-colors';

export const DEFAULT_TABS = ['help', 'onboarding', 'chat', 'auto'] as const;
export type DefaultTab = (typeof DEFAULT_TABS)[number];

export const LAUNCHER_SIDES = ['right', 'left'] as const;
export type LauncherSide = (typeof LAUNCHER_SIDES)[number];

/** The languages of the widget's message catalog (widget/ui/messages.ts and widget/chunks/lang-*). */
export const WIDGET_LANGUAGES = ['en', 'fr', 'de', 'es'] as const;
/** `auto`: the first of the visitor's browser languages the catalog has, else English. */
export const LANGUAGE_SETTINGS = ['auto', ...WIDGET_LANGUAGES] as const;
export type LanguageSetting = (typeof LANGUAGE_SETTINGS)[number];

/** The greeting is one line of plain text, in characters (code points, as Postgres counts them). */
export const GREETING_MAX = 120;

export interface WidgetSettings {
  default_tab: DefaultTab;
  launcher_icon_url: string | null;
  logo_url: string | null;
  brand_color: string;
  launcher_side: LauncherSide;
  /** null: the catalog's greeting in the visitor's language. */
  greeting: string | null;
  language: LanguageSetting;
  installed_at: Date | null;
  updated_at: Date | null;
}

/** What an operator or a member may change. */
export type WidgetSettingsPatch = Partial<
  Pick<
    WidgetSettings,
    | 'default_tab'
    | 'launcher_icon_url'
    | 'logo_url'
    | 'brand_color'
    | 'launcher_side'
    | 'greeting'
    | 'language'
  >
>;

const DEFAULTS: WidgetSettings = {
  default_tab: 'auto',
  launcher_icon_url: null,
  logo_url: null,
  brand_color: DEFAULT_BRAND_COLOR,
  launcher_side: 'right',
  greeting: null,
  language: 'auto',
  installed_at: null,
  updated_at: null,
};

const COLUMNS =
  'default_tab, launcher_icon_url, logo_url, brand_color, launcher_side, greeting, language, installed_at, updated_at';

export async function getWidgetSettings(db: Sql, workspaceId: string): Promise<WidgetSettings> {
  const rows = await db.query<WidgetSettings>(
    `select ${COLUMNS} from widget_settings where workspace_id = $1`,
    [workspaceId],
  );
  return rows[0] ?? DEFAULTS;
}

const invalid = (
  field: string,
  rule: string,
  message: string,
  extra: { max?: number; pattern?: string } = {},
) => new DomainError('validation_failed', { field, rule, ...extra }, message);

function oneOf<T extends string>(field: string, allowed: readonly T[], value: unknown): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalid(field, 'enum', `${field} must be one of ${allowed.join(', ')}.`);
}

/** #rrggbb (either case; stored lower-case). The text on it is chosen for contrast (brand-colors.ts). */
export function checkBrandColor(value: unknown): string {
  const color = typeof value === 'string' ? value.toLowerCase() : '';
  if (!BRAND_COLOR.test(color)) {
    throw invalid('brand_color', 'hex_color', 'brand_color must be a colour written #rrggbb.', {
      pattern: BRAND_COLOR.source,
    });
  }
  return color;
}

/** One line of plain text, trimmed, at most GREETING_MAX characters; empty or null: the catalog's. */
export function checkGreeting(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') throw invalid('greeting', 'string', 'greeting must be a string or null.');
  const text = value.trim();
  if (text === '') return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text)) {
    throw invalid(
      'greeting',
      'single_line',
      'greeting must be one line of text (no line breaks or control characters).',
    );
  }
  if ([...text].length > GREETING_MAX) {
    throw invalid('greeting', 'max_length', `greeting must be at most ${GREETING_MAX} characters.`, {
      max: GREETING_MAX,
    });
  }
  return text;
}

/** Image URLs the widget draws on customer pages: absolute https (http only for loopback hosts). */
export function checkImageUrl(field: string, value: string | null): string | null {
  if (value === null) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new DomainError('validation_failed', { field, rule: 'url' }, `${field} must be an absolute URL.`);
  }
  const loopback = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(url.hostname);
  if (value.length > 2048 || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback))) {
    throw new DomainError(
      'validation_failed',
      {
        field,
        rule: 'https_url',
      },
      `${field} must be an https URL of at most 2048 characters.`,
    );
  }
  return url.href;
}

/** Sets the given settings (each checked), leaving the others as they are. */
export async function updateWidgetSettings(ctx: Ctx, patch: WidgetSettingsPatch): Promise<WidgetSettings> {
  const current = await getWidgetSettings(ctx.db, ctx.workspaceId);
  const take = <K extends keyof WidgetSettingsPatch>(
    key: K,
    check: (value: unknown) => WidgetSettings[K],
  ): WidgetSettings[K] => (patch[key] === undefined ? current[key] : check(patch[key]));
  const url = (field: string) => (value: unknown) => checkImageUrl(field, value as string | null);
  const next = {
    default_tab: take('default_tab', (v) => oneOf('default_tab', DEFAULT_TABS, v)),
    launcher_icon_url: take('launcher_icon_url', url('launcher_icon_url')),
    logo_url: take('logo_url', url('logo_url')),
    brand_color: take('brand_color', checkBrandColor),
    launcher_side: take('launcher_side', (v) => oneOf('launcher_side', LAUNCHER_SIDES, v)),
    greeting: take('greeting', checkGreeting),
    language: take('language', (v) => oneOf('language', LANGUAGE_SETTINGS, v)),
  };
  // A new row takes every value; an existing one changes only the fields sent, so two edits of
  // different fields at once both stand.
  const fields = Object.keys(next) as (keyof typeof next)[];
  const changing = fields.filter((f) => patch[f] !== undefined);
  const set = [...changing.map((f) => `${f} = excluded.${f}`), 'updated_at = excluded.updated_at'].join(', ');
  const [row] = await ctx.db.query<WidgetSettings>(
    `insert into widget_settings (workspace_id, ${fields.join(', ')}, updated_at)
     values ($1, ${fields.map((_, i) => `$${i + 2}`).join(', ')}, $${fields.length + 2})
     on conflict (workspace_id) do update set ${set}
     returning ${COLUMNS}`,
    [ctx.workspaceId, ...fields.map((f) => next[f]), ctx.clock.now()],
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
