import { expect, it } from 'vitest';
import { DAY, HOUR, MINUTE } from '../../../server-core/lib/clock';
import { sha256Hex } from '../../../server-core/lib/crypto';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { identityHmac } from '../../../server-core/widget/identity-proof';
import { json, makeTestApp, signIn, type TestApp } from '../../testing/services';

interface Boot {
  data: { visitor: { id: string; token: string | null; expires_at: string } };
}

let n = 0;
/** Behind one proxy (TRUST_PROXY=1): a forged left-most entry that changes on every request. */
const from = (address: string) => ({ 'X-Forwarded-For': `10.9.${++n % 250}.1, ${address}` });

const bootOf = async (t: TestApp, websiteId: string, headers: Record<string, string> = {}) =>
  t.app.request(`/widget/boot?website_id=${websiteId}`, { headers });

/** Starts the clock at the top of a minute so a fixed window cannot roll over mid-test. */
const atMinuteStart = (t: TestApp) =>
  t.clock.set(new Date(Math.ceil(t.clock.now().getTime() / MINUTE) * MINUTE + 1000));

describeDb('anonymous widget endpoints', (getDb) => {
  const rowsOf = (workspaceId: string) =>
    getDb().query<{ id: string; token_hash: string }>(
      'select id, token_hash from widget_visitors where workspace_id = $1',
      [workspaceId],
    );

  it('3,000 anonymous boots write no visitor row; the one visitor that writes is stored', async () => {
    const db = getDb();
    const t = makeTestApp(db, { WIDGET_BOOTS_PER_MINUTE: '100000' });
    const ws = await makeWorkspace(db);
    const tokens: string[] = [];
    for (let batch = 0; batch < 30; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => bootOf(t, ws.website_id).then((r) => r.json() as Promise<Boot>)),
      );
      for (const a of answers) tokens.push(a.data.visitor.token!);
    }
    expect(new Set(tokens).size).toBe(3000);
    expect(await rowsOf(ws.id)).toEqual([]);

    // The visitor that identifies (its first write) is stored, under the hash of its token only.
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const rotated = await t.app.request(`/api/v1/workspaces/${ws.id}/widget/identity-secret/rotate`, {
      method: 'POST',
      headers: s.headers,
    });
    const secret = ((await rotated.json()) as { data: { secret: string } }).data.secret;
    const token = tokens[1234]!;
    const identified = await t.app.request('/widget/identify', {
      method: 'POST',
      ...json(
        { email: 'ada@example.com', hmac: identityHmac(secret, 'ada@example.com') },
        { Authorization: `Bearer ${token}` },
      ),
    });
    expect(identified.status).toBe(200);
    const rows = await rowsOf(ws.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256Hex(token));
    const again = (await (
      await bootOf(t, ws.website_id, { Authorization: `Bearer ${token}` })
    ).json()) as Boot & { data: { visitor: { identity: unknown } } };
    expect(again.data.visitor).toMatchObject({
      id: rows[0]!.id,
      token: null,
      identity: { email: 'ada@example.com' },
    });
  });

  it('a token not stored yet is a visitor for 180 days from its issue: kept by boots, accepted by Help, stored when it returns', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const first = (await (await bootOf(t, ws.website_id)).json()) as Boot;
    const { id, token, expires_at } = first.data.visitor;
    expect(new Date(expires_at).getTime()).toBe(t.clock.now().getTime() + 180 * DAY);
    const auth = { Authorization: `Bearer ${token}` };

    t.clock.advance(10 * MINUTE);
    const again = (await (await bootOf(t, ws.website_id, auth)).json()) as Boot;
    expect(again.data.visitor).toEqual({ id, token: null, expires_at, identity: null });
    expect((await t.app.request('/widget/help/search?q=x', { headers: auth })).status).toBe(200);
    expect(await rowsOf(ws.id)).toEqual([]);

    // A changed signature, or the token shown to another website, is no visitor.
    // (a character inside the MAC: the last one holds two spare bits, refused on their own by the encoding check)
    const at = token!.length - 10;
    const forged = `${token!.slice(0, at)}${token![at] === 'A' ? 'B' : 'A'}${token!.slice(at + 1)}`;
    expect(
      (await t.app.request('/widget/help/search?q=x', { headers: { Authorization: `Bearer ${forged}` } }))
        .status,
    ).toBe(401);
    const other = await makeWorkspace(db);
    const foreign = (await (await bootOf(t, other.website_id, auth)).json()) as Boot;
    expect(foreign.data.visitor.id).not.toBe(id);

    // Back after an hour: stored now, and its expiry slides from this boot.
    t.clock.advance(HOUR);
    const back = (await (await bootOf(t, ws.website_id, auth)).json()) as Boot;
    expect(back.data.visitor.id).toBe(id);
    expect(new Date(back.data.visitor.expires_at).getTime()).toBe(t.clock.now().getTime() + 180 * DAY);
    expect(await rowsOf(ws.id)).toEqual([{ id, token_hash: sha256Hex(token!) }]);

    // A token never stored dies 180 days after its issue.
    const lone = ((await (await bootOf(t, ws.website_id)).json()) as Boot).data.visitor;
    t.clock.advance(180 * DAY);
    const late = { Authorization: `Bearer ${lone.token}` };
    expect((await t.app.request('/widget/help/search?q=x', { headers: late })).status).toBe(401);
    const renewed = (await (await bootOf(t, ws.website_id, late)).json()) as Boot;
    expect(renewed.data.visitor.id).not.toBe(lone.id);
    expect(renewed.data.visitor.token).not.toBeNull();
  });

  it('boots are limited per address and website: 429 with Retry-After; other addresses and websites count apart', async () => {
    const db = getDb();
    const t = makeTestApp(db, { TRUST_PROXY: '1', WIDGET_BOOTS_PER_MINUTE: '20' });
    const ws = await makeWorkspace(db);
    const other = await makeWorkspace(db);
    atMinuteStart(t);
    for (let i = 0; i < 20; i++)
      expect((await bootOf(t, ws.website_id, from('203.0.113.5'))).status).toBe(200);
    const limited = await bootOf(t, ws.website_id, from('203.0.113.5'));
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    expect(limited.headers.get('Access-Control-Expose-Headers')).toMatch(/Retry-After/);
    expect((await bootOf(t, ws.website_id, from('203.0.113.6'))).status).toBe(200);
    expect((await bootOf(t, other.website_id, from('203.0.113.5'))).status).toBe(200);
    t.clock.advance(MINUTE);
    expect((await bootOf(t, ws.website_id, from('203.0.113.5'))).status).toBe(200);
  });

  it('Help search is limited per address and website', async () => {
    const db = getDb();
    const t = makeTestApp(db, { TRUST_PROXY: '1', WIDGET_SEARCHES_PER_MINUTE: '10' });
    const ws = await makeWorkspace(db);
    const token = ((await (await bootOf(t, ws.website_id)).json()) as Boot).data.visitor.token!;
    const search = (address: string, tok = token) =>
      t.app.request('/widget/help/search?q=password', {
        headers: { Authorization: `Bearer ${tok}`, ...from(address) },
      });
    atMinuteStart(t);
    for (let i = 0; i < 10; i++) expect((await search('203.0.113.7')).status).toBe(200);
    const limited = await search('203.0.113.7');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    // A new visitor token from the same address does not reset it; another address is its own count.
    const fresh = ((await (await bootOf(t, ws.website_id)).json()) as Boot).data.visitor.token!;
    expect((await search('203.0.113.7', fresh)).status).toBe(429);
    expect((await search('203.0.113.8')).status).toBe(200);
    t.clock.advance(MINUTE);
    expect((await search('203.0.113.7')).status).toBe(200);
  });
});
