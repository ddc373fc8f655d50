import { expect, it } from 'vitest';
import type { DomainError } from '../lib/errors';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import {
  GREETING_MAX,
  getWidgetSettings,
  updateWidgetSettings,
  type WidgetSettingsPatch,
} from './widget-settings';

describeDb('widget settings', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    return { db, ws, ctx: testCtx(db, ws.id) };
  };
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: DomainError) => ({ code: e.code, ...(e.details as object) }),
    );

  it('a workspace without a row has the defaults', async () => {
    const { db, ws } = await setup();
    expect(await getWidgetSettings(db, ws.id)).toEqual({
      default_tab: 'auto',
      launcher_icon_url: null,
      logo_url: null,
      brand_color: '#1f5fa8',
      launcher_side: 'right',
      greeting: null,
      language: 'auto',
      installed_at: null,
      updated_at: null,
    });
  });

  it('stores valid values as normalised: lower-case colour, trimmed greeting, empty greeting as null', async () => {
    const { ctx } = await setup();
    const s = await updateWidgetSettings(ctx, {
      brand_color: '#FFD800',
      launcher_side: 'left',
      greeting: '  Welcome to Acme! 👋 Ask us anything.  ',
      language: 'fr',
    });
    expect(s).toMatchObject({
      brand_color: '#ffd800',
      launcher_side: 'left',
      greeting: 'Welcome to Acme! 👋 Ask us anything.',
      language: 'fr',
      default_tab: 'auto',
    });
    expect(s.updated_at).toEqual(ctx.clock.now());
    expect((await updateWidgetSettings(ctx, { greeting: '   ' })).greeting).toBeNull();
    // The cap counts characters as Postgres does: 120 emoji (240 UTF-16 units) fit.
    expect((await updateWidgetSettings(ctx, { greeting: '👋'.repeat(GREETING_MAX) })).greeting).toHaveLength(
      240,
    );
  });

  it('refuses each bad value naming the field and the rule, and changes nothing', async () => {
    const { db, ws, ctx } = await setup();
    await updateWidgetSettings(ctx, { brand_color: '#123456', greeting: 'Hello' });
    const before = await getWidgetSettings(db, ws.id);
    const cases: [WidgetSettingsPatch, Record<string, unknown>][] = [
      [{ brand_color: 'red' }, { field: 'brand_color', rule: 'hex_color' }],
      [{ brand_color: '#fff' }, { field: 'brand_color', rule: 'hex_color' }],
      [{ brand_color: '#12345g' }, { field: 'brand_color', rule: 'hex_color' }],
      [{ brand_color: '#1234567' }, { field: 'brand_color', rule: 'hex_color' }],
      [{ brand_color: '#123456;}body{x:y' }, { field: 'brand_color', rule: 'hex_color' }],
      [
        { greeting: 'x'.repeat(GREETING_MAX + 1) },
        { field: 'greeting', rule: 'max_length', max: GREETING_MAX },
      ],
      [{ greeting: 'two\nlines' }, { field: 'greeting', rule: 'single_line' }],
      [{ greeting: 'bell\u0007' }, { field: 'greeting', rule: 'single_line' }],
      [{ language: 'it' as never }, { field: 'language', rule: 'enum' }],
      [{ language: 'EN' as never }, { field: 'language', rule: 'enum' }],
      [{ launcher_side: 'top' as never }, { field: 'launcher_side', rule: 'enum' }],
      [{ default_tab: 'home' as never }, { field: 'default_tab', rule: 'enum' }],
      [{ logo_url: 'javascript:alert(1)' }, { field: 'logo_url', rule: 'https_url' }],
    ];
    for (const [patch, details] of cases) {
      expect(await refusal(updateWidgetSettings(ctx, patch)), JSON.stringify(patch)).toEqual({
        code: 'validation_failed',
        ...details,
        ...(details.rule === 'hex_color' ? { pattern: '^#[0-9a-f]{6}$' } : {}),
      });
    }
    expect(await getWidgetSettings(db, ws.id)).toEqual(before);
  });

  it('two edits of different fields at the same time both stand', async () => {
    const { db, ws, ctx } = await setup();
    await updateWidgetSettings(ctx, { default_tab: 'help' });
    await Promise.all([
      updateWidgetSettings(ctx, { brand_color: '#0a7c55' }),
      updateWidgetSettings(ctx, { language: 'de' }),
      updateWidgetSettings(ctx, { launcher_side: 'left' }),
    ]);
    expect(await getWidgetSettings(db, ws.id)).toMatchObject({
      default_tab: 'help',
      brand_color: '#0a7c55',
      language: 'de',
      launcher_side: 'left',
    });
  });
});
