import { expect, it } from 'vitest';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { json, makeTestApp, signIn } from '../../testing/services';

interface Settings {
  default_tab: string;
  brand_color: string;
  launcher_side: string;
  greeting: string | null;
  language: string;
  launcher_icon_url: string | null;
  logo_url: string | null;
  theme: { brand: string; on_brand: string; accent: string; accent_dark: string };
  updated_at: string | null;
}

describeDb('portal widget settings (getWidgetSettings, updateWidgetSettings)', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const path = `/api/v1/workspaces/${ws.id}/widget/settings`;
    const get = (headers = s.headers, url = path) => t.app.request(url, { headers });
    const patch = (body: unknown, headers = s.headers, url = path) =>
      t.app.request(url, { method: 'PATCH', ...json(body, headers) });
    const boot = async () => {
      const res = await t.app.request(`/widget/boot?website_id=${ws.website_id}`);
      return ((await res.json()) as { data: { config: { widget_settings: Record<string, unknown> } } }).data
        .config.widget_settings;
    };
    return { db, t, ws, s, path, get, patch, boot };
  };
  const body = async (res: Response) => ((await res.json()) as { data: Settings }).data;
  const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

  it('reads the defaults, changes the fields sent, derives the theme, and the widget boots with them', async () => {
    const { db, ws, get, patch, boot } = await setup();
    const first = await get();
    expect(first.status).toBe(200);
    expect(await body(first)).toEqual({
      default_tab: 'auto',
      brand_color: '#1f5fa8',
      launcher_side: 'right',
      greeting: null,
      language: 'auto',
      launcher_icon_url: null,
      logo_url: null,
      theme: { brand: '#1f5fa8', on_brand: '#ffffff', accent: '#1f5fa8', accent_dark: expect.any(String) },
      updated_at: null,
    });

    const res = await patch({
      brand_color: '#FFD800',
      launcher_side: 'left',
      greeting: 'Welcome to Acme!',
      language: 'de',
    });
    expect(res.status).toBe(200);
    const updated = await body(res);
    expect(updated).toMatchObject({
      default_tab: 'auto',
      brand_color: '#ffd800',
      launcher_side: 'left',
      greeting: 'Welcome to Acme!',
      language: 'de',
      theme: { brand: '#ffd800', on_brand: '#000000', accent_dark: '#ffd800' },
    });
    expect(updated.theme.accent).not.toBe('#ffd800'); // darkened for links on the white panel
    expect(updated.updated_at).not.toBeNull();
    expect(await body(await get())).toEqual(updated);
    expect(await boot()).toEqual({
      default_tab: 'auto',
      launcher_side: 'left',
      greeting: 'Welcome to Acme!',
      language: 'de',
      theme: updated.theme,
    });

    // Only what was sent changes; the audit names the fields changed, and an unchanged PATCH writes none.
    expect(await body(await patch({ greeting: null }))).toMatchObject({ greeting: null, language: 'de' });
    await patch({ language: 'de' });
    const audit = await db.query<{ action: string; data: unknown }>(
      "select action, data from audit_log where workspace_id = $1 and action = 'widget.settings_updated' order by id",
      [ws.id],
    );
    expect(audit.map((a) => a.data)).toEqual([
      { changed: ['brand_color', 'greeting', 'language', 'launcher_side'] },
      { changed: ['greeting'] },
    ]);
  });

  it('refuses bad values with 422 naming the field, and changes nothing', async () => {
    const { get, patch } = await setup();
    const before = await body(await get());
    for (const [sent, field] of [
      [{ brand_color: 'rebeccapurple' }, 'brand_color'],
      [{ greeting: 'x'.repeat(121) }, 'greeting'],
      [{ greeting: 'line one\nline two' }, 'greeting'],
      [{ language: 'it' }, 'language'],
      [{ launcher_side: 'center' }, 'launcher_side'],
      [{ logo_url: 'http://cdn.example.com/logo.png' }, 'logo_url'],
    ] as const) {
      const res = await patch(sent);
      expect(res.status, JSON.stringify(sent)).toBe(422);
      const { error } = (await res.json()) as {
        error: { code: string; details: { field?: string; issues?: { path: string }[] } };
      };
      // A domain rule names the field; an enum of the schema names it in the issue's path.
      const named = error.details.field ?? error.details.issues?.[0]?.path;
      expect([error.code, named], JSON.stringify(sent)).toEqual(['validation_failed', field]);
    }
    expect(await body(await get())).toEqual(before);
  });

  it('needs a session, the CSRF token, settings.manage and a membership of this workspace', async () => {
    const { db, t, ws, s, path, get, patch } = await setup();
    expect((await get({})).status).toBe(401);
    expect((await patch({ language: 'fr' }, {})).status).toBe(401);
    const noCsrf = await patch({ language: 'fr' }, { Cookie: s.cookie });
    expect(noCsrf.status).toBe(403);
    expect(await codeOf(noCsrf)).toBe('csrf_token_invalid');

    const member = await makeMember(db, ws.id, 'member');
    const ms = await signIn(t, member.email, TEST_PASSWORD);
    for (const res of [await get(ms.headers), await patch({ language: 'fr' }, ms.headers)]) {
      expect(res.status).toBe(403);
      expect(await codeOf(res)).toBe('permission_denied');
    }

    // Tenancy: the owner of another workspace reaches neither this workspace's settings nor, through
    // its own id, anything but its own.
    const other = await makeWorkspace(db);
    const outsider = await makeMember(db, other.id, 'owner');
    const os = await signIn(t, outsider.email, TEST_PASSWORD);
    expect((await get(os.headers)).status).toBe(403);
    expect((await patch({ brand_color: '#000000' }, os.headers)).status).toBe(403);
    const own = `/api/v1/workspaces/${other.id}/widget/settings`;
    expect((await patch({ brand_color: '#000000' }, os.headers, own)).status).toBe(200);
    expect((await body(await get())).brand_color).toBe('#1f5fa8');
    expect((await body(await get(os.headers, own))).brand_color).toBe('#000000');
    expect(path).toContain(ws.id);
  });
});
