import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDomainProofFetcher } from '../../../runtime/http/domain-proof-fetcher';
import { type ProofServer, startProofServer } from '../../../runtime/testing/https-proof-server';
import { addOperatorVerifiedDomain } from '../../../server-core/automation/add-operator-verified-domain';
import { PROOF_PATH } from '../../../server-core/automation/domain-proof';
import { sha256Hex } from '../../../server-core/lib/crypto';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { json, makeTestApp, signIn } from '../../testing/services';

interface Domain {
  id: string;
  domain: string;
  status: string;
  verified_at: string | null;
  created_at: string;
  verification?: { token: string; url: string };
}

describeDb('verified domains (list, add, verify, remove)', (getDb) => {
  let server: ProofServer;
  beforeAll(async () => {
    server = await startProofServer('proof.test');
  });
  afterAll(async () => {
    await server.close();
  });

  const setup = async () => {
    const db = getDb();
    // The real guarded fetcher, allowed to reach the loopback test server (as UNSAFE_WEBHOOK_ALLOW_HOSTS would).
    const t = makeTestApp(db, {}, undefined, {
      domainProof: createDomainProofFetcher({
        allowHosts: ['127.0.0.1'],
        resolve: server.resolve,
        testTls: { ca: server.ca, port: server.port },
        timeoutMs: 1_000,
      }),
    });
    const ws = await makeWorkspace(db);
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const base = `/api/v1/workspaces/${ws.id}/verified-domains`;
    const add = (domain: unknown, headers: Record<string, string> = s.headers) =>
      t.app.request(base, { method: 'POST', ...json({ domain }, headers) });
    const verify = (id: string, headers: Record<string, string> = s.headers) =>
      t.app.request(`${base}/${id}/verify`, { method: 'POST', headers });
    const remove = (id: string, headers: Record<string, string> = s.headers) =>
      t.app.request(`${base}/${id}`, { method: 'DELETE', headers });
    const list = (query = '', headers: Record<string, string> = s.headers) =>
      t.app.request(`${base}${query}`, { headers });
    const audit = async () =>
      (
        await db.query<{ action: string; data: Record<string, unknown> }>(
          `select action, data from audit_log where workspace_id = $1 and action like 'verified_domain.%' order by id`,
          [ws.id],
        )
      ).map((r) => ({ action: r.action, ...r.data }));
    return { db, t, ws, s, add, verify, remove, list, audit };
  };
  const data = async (res: Response) => ((await res.json()) as { data: Domain }).data;
  const errorOf = async (res: Response) =>
    ((await res.json()) as { error: { code: string; message: string; details: Record<string, unknown> } })
      .error;

  it('adds a pending domain with its token shown once (only its SHA-256 stored), verifies it from the well-known file, lists and removes it, audited', async () => {
    const { db, ws, add, verify, remove, list, audit } = await setup();
    const res = await add('Proof.Test.');
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const added = await data(res);
    expect(added).toMatchObject({ domain: 'proof.test', status: 'pending', verified_at: null });
    const token = added.verification!.token;
    expect(added.verification!.url).toBe(`https://proof.test${PROOF_PATH}`);
    const [stored] = await db.query<Record<string, unknown>>(
      'select * from verified_domains where workspace_id = $1',
      [ws.id],
    );
    expect(stored!.token_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    server.reply((path) => (path === PROOF_PATH ? { status: 200, body: `  ${token}\r\n` } : { status: 404 }));
    const ok = await verify(added.id);
    expect(ok.status).toBe(200);
    const verified = await data(ok);
    expect(verified).toMatchObject({ id: added.id, status: 'verified', verified_at: expect.any(String) });
    expect(verified).not.toHaveProperty('verification');

    const page = (await (await list()).json()) as { data: Domain[]; meta: { next_cursor: string | null } };
    expect(page).toEqual({ data: [verified], meta: { next_cursor: null } });

    expect((await remove(added.id)).status).toBe(204);
    expect((await remove(added.id)).status).toBe(404);
    expect(await audit()).toEqual([
      { action: 'verified_domain.added', domain: 'proof.test' },
      { action: 'verified_domain.verified', domain: 'proof.test', method: 'well_known' },
      { action: 'verified_domain.removed', domain: 'proof.test', status: 'verified' },
    ]);
    const auditText = JSON.stringify(
      await db.query('select * from audit_log where workspace_id = $1', [ws.id]),
    );
    expect(auditText).not.toContain(token);
  });

  it('a failed verification says what to fix (wrong content, not found, redirect, too large, timeout) and stays pending, audited', async () => {
    const { add, verify, list, audit } = await setup();
    const added = await data(await add('proof.test'));
    const token = added.verification!.token;
    const cases: [ReturnType<Parameters<ProofServer['reply']>[0]>, string, RegExp][] = [
      [{ status: 200, body: `${token}x` }, 'wrong_content', /does not hold this domain's token/],
      [{ status: 200, body: token.slice(0, -1) }, 'wrong_content', /token/],
      [{ status: 404 }, 'not_found', /not found \(HTTP 404\)/],
      [{ status: 301, headers: { Location: `https://proof.test${PROOF_PATH}x` } }, 'redirect', /redirects/],
      [{ status: 200, body: `${token}${' '.repeat(5000)}` }, 'too_large', /larger than 4096 bytes/],
      ['hang', 'timeout', /did not answer within 1 s/],
    ];
    for (const [reply, reason, message] of cases) {
      server.reply(() => reply);
      const res = await verify(added.id);
      expect(res.status, reason).toBe(422);
      const error = await errorOf(res);
      expect(error.code).toBe('domain_verification_failed');
      expect(error.details.reason).toBe(reason);
      expect(error.message).toMatch(message);
    }
    const [still] = ((await (await list()).json()) as { data: Domain[] }).data;
    expect(still).toMatchObject({ status: 'pending', verified_at: null });
    expect((await audit()).map((a) => (a as { reason?: string }).reason ?? a.action)).toEqual([
      'verified_domain.added',
      'wrong_content',
      'wrong_content',
      'not_found',
      'redirect',
      'too_large',
      'timeout',
    ]);
  });

  it('loopback is refused when the fetcher is not allowed to reach it', async () => {
    const db = getDb();
    const t = makeTestApp(db, {}, undefined, {
      domainProof: createDomainProofFetcher({
        allowHosts: [],
        resolve: server.resolve,
        testTls: { ca: server.ca, port: server.port },
      }),
    });
    const ws = await makeWorkspace(db);
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const base = `/api/v1/workspaces/${ws.id}/verified-domains`;
    const added = await data(
      await t.app.request(base, { method: 'POST', ...json({ domain: 'proof.test' }, s.headers) }),
    );
    server.reply(() => ({ status: 200, body: added.verification!.token }));
    const res = await t.app.request(`${base}/${added.id}/verify`, { method: 'POST', headers: s.headers });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).details).toEqual({ reason: 'address_refused', status: null });
  });

  it('hostnames only: schemes, ports, paths, IP literals and single labels are 422; a duplicate is 409 domain_taken', async () => {
    const { add } = await setup();
    for (const bad of [
      'https://app.example.com',
      'app.example.com:8443',
      'app.example.com/path',
      'user@app.example.com',
      '127.0.0.1',
      '[::1]',
      '2130706433',
      'localhost',
      'app..example.com',
      '*.example.com',
      '',
    ]) {
      const res = await add(bad);
      expect(res.status, bad).toBe(422);
      expect(['invalid_host', 'validation_failed']).toContain((await errorOf(res)).code);
    }
    expect((await add('münchen.de')).status).toBe(201);
    const dup = await add('XN--MNCHEN-3YA.DE');
    expect(dup.status).toBe(409);
    expect(await errorOf(dup)).toMatchObject({
      code: 'domain_taken',
      details: { domain: 'xn--mnchen-3ya.de' },
    });
    expect((await add(42)).status).toBe(422);
  });

  it('settings.manage, CSRF and the workspace are enforced; Idempotency-Key replays the add (the token once)', async () => {
    const { db, t, ws, s, add, verify, remove, list } = await setup();
    const member = await makeMember(db, ws.id, 'member');
    const m = await signIn(t, member.email, TEST_PASSWORD);
    expect((await list('', m.headers)).status).toBe(403);
    expect((await add('app.example.com', m.headers)).status).toBe(403);
    expect((await add('app.example.com', { Cookie: s.cookie })).status).toBe(403);

    const key = { ...s.headers, 'Idempotency-Key': 'add-once' };
    const first = await add('app.example.com', key);
    const again = await add('app.example.com', key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.clone().json());

    const other = await makeWorkspace(db);
    const foreign = await addOperatorVerifiedDomain(db, {
      workspaceId: other.id,
      domain: 'other.example.com',
      now: new Date(),
      source: 'operator',
    });
    expect((await verify(foreign.domain.id)).status).toBe(404);
    expect((await remove(foreign.domain.id)).status).toBe(404);
    expect((await list('?cursor=nope')).status).toBe(422);
  });

  it('a verified domain answers verify as it is, without a fetch; pages through with a cursor', async () => {
    const { db, ws, verify, list } = await setup();
    for (const domain of ['a.example.com', 'b.example.com', 'c.example.com'])
      await addOperatorVerifiedDomain(db, {
        workspaceId: ws.id,
        domain,
        now: new Date(),
        source: 'operator',
      });
    const first = (await (await list('?limit=2')).json()) as {
      data: Domain[];
      meta: { next_cursor: string };
    };
    expect(first.data.map((d) => d.domain)).toEqual(['c.example.com', 'b.example.com']);
    const second = (await (await list(`?limit=2&cursor=${first.meta.next_cursor}`)).json()) as {
      data: Domain[];
      meta: { next_cursor: string | null };
    };
    expect(second).toMatchObject({ data: [{ domain: 'a.example.com' }], meta: { next_cursor: null } });
    const before = server.paths.length;
    const res = await verify(second.data[0]!.id);
    expect(res.status).toBe(200);
    expect(await data(res)).toMatchObject({ domain: 'a.example.com', status: 'verified' });
    expect(server.paths.length).toBe(before);
  });
});
