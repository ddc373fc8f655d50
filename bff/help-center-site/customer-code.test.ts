import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { addHelpCenterHost } from '../../server-core/help-center/help-center-hosts';
import { newId } from '../../server-core/lib/ulid';
import { describeDb } from '../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../server-core/testing/fixtures';
import { insertArticle } from '../../server-core/testing/help-articles';
import { makeTestApp, signIn } from '../testing/services';

const GUIDE = new URL('../../docs/help-center.md', import.meta.url);

/** The ```js block of docs/help-center.md: the customer-side code, at most ten lines of code. */
export function customerCode(): string {
  const block = /```js\n([\s\S]*?)```/.exec(readFileSync(GUIDE, 'utf8'));
  if (!block) throw new Error('docs/help-center.md has no js block');
  return block[1]!;
}

describeDb("the customer's Node code in docs/help-center.md", (getDb) => {
  it('is ten lines that sign a reader in to the help center, back on the page they asked for', async () => {
    const code = customerCode();
    expect(code.trim().split('\n').length).toBeLessThanOrEqual(10);

    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const host = `help-${newId()}.docs-test.com`;
    await addHelpCenterHost(db, { workspaceId: ws.id, host, now: t.clock.now() });
    await insertArticle(db, ws.id, {
      title: 'Set up SSO',
      slug: 'sso',
      body: 'Secret steps.',
      access_level: 'authenticated',
    });
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const rotated = await t.app.request(`/api/v1/workspaces/${ws.id}/help-center/signing-secret/rotate`, {
      method: 'POST',
      headers: { ...s.headers, 'Idempotency-Key': newId() },
    });
    const secret = ((await rotated.json()) as { data: { secret: string } }).data.secret;

    const file = join(mkdtempSync(join(tmpdir(), 'hc-customer-')), 'customer.mjs');
    writeFileSync(file, code);
    process.env.HELP_CENTER_SIGNING_SECRET = secret;
    process.env.HELP_CENTER_URL = `https://${host}`;
    try {
      const mod = (await import(pathToFileURL(file).href)) as {
        helpCenterReturn: (returnTo: string, userId: string) => string;
      };
      const url = new URL(mod.helpCenterReturn('/articles/sso', 'user-42'));
      expect(url.host).toBe(host);
      const back = await t.app.request(`${url.pathname}${url.search}`, { headers: { Host: host } });
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe('/articles/sso');
      const cookie = back.headers
        .getSetCookie()
        .find((c) => c.startsWith('hc_reader='))!
        .split(';')[0]!;
      const article = await t.app.request('/articles/sso', { headers: { Host: host, Cookie: cookie } });
      expect(article.status).toBe(200);
      expect(await article.text()).toContain('Secret steps.');
    } finally {
      delete process.env.HELP_CENTER_SIGNING_SECRET;
      delete process.env.HELP_CENTER_URL;
    }
  });
});
