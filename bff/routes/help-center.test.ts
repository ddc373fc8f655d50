import { expect, it } from 'vitest';
import { addHelpCenterHost } from '../../server-core/help-center/help-center-hosts';
import { newId } from '../../server-core/lib/ulid';
import { runOpsCommand } from '../../server-core/ops/ops-commands';
import { removeSourceChunks, replaceSourceChunks } from '../../server-core/retrieval/replace-source-chunks';
import type { Audience, SourceDocument } from '../../server-core/retrieval/types';
import { ensureDemoHelpCenterHost } from '../../server-core/setup/demo-help-center';
import { seedDemoWorkspace } from '../../server-core/setup/demo-seed';
import { testCtx } from '../../server-core/testing/ctx';
import { describeDb } from '../../server-core/testing/db';
import { makeWorkspace } from '../../server-core/testing/fixtures';
import { HELP_CENTER_RATE_PER_MINUTE } from '../contract/help-center';
import { makeTestApp, type TestApp } from '../testing/services';

interface Answer {
  data: {
    title: string;
    url: string | null;
    snippet: string;
    document_ref: string;
    source: { kind: string; id: string };
    score: number;
  }[];
  error?: { code: string };
}

const articleDoc = (audience: Audience, title: string, sections: string[]): SourceDocument => ({
  kind: 'article',
  id: newId(),
  title,
  url: `/help/${title.toLowerCase().replace(/\W+/g, '-')}`,
  audience,
  sections: sections.map((text, i) => ({ anchor: `s${i + 1}`, heading: null, text })),
});

async function helpCenter(t: TestApp, host: string) {
  const db = t.services.db;
  const ws = await makeWorkspace(db);
  const ctx = testCtx(db, ws.id, t.clock);
  await addHelpCenterHost(db, { workspaceId: ws.id, host, now: t.clock.now() });
  const docs = {
    public: articleDoc('public', 'Reset your password', [
      'Open the sign-in page.',
      'Choose forgot password and follow the mail.',
    ]),
    customers: articleDoc('customers', 'Password policy for your team', ['Set the password length.']),
    internal: articleDoc('internal', 'Password reset by support', ['Use the admin console password tool.']),
  };
  for (const d of Object.values(docs)) await replaceSourceChunks(ctx, d, t.services.embedder);
  return { ws, ctx, docs };
}

const search = async (t: TestApp, host: string | null, q: string, headers: Record<string, string> = {}) => {
  const res = await t.app.request(`/api/v1/help-center/search?q=${encodeURIComponent(q)}`, {
    headers: { ...(host ? { Host: host } : {}), ...headers },
  });
  return { status: res.status, body: (await res.json()) as Answer, headers: res.headers };
};

describeDb('helpCenterSearch', (getDb) => {
  it('answers public sources only, one result per source, on the configured host (any case, any port)', async () => {
    const t = makeTestApp(getDb());
    const { docs } = await helpCenter(t, `help-${newId()}.example.com`);
    const host = (
      await getDb().query<{ host: string }>(
        'select host from help_center_hosts order by created_at desc limit 1',
      )
    )[0]!.host;
    for (const h of [host, `${host.toUpperCase()}:8443`, `${host}.`]) {
      const r = await search(t, h, 'password');
      expect(r.status, h).toBe(200);
      expect(r.body.data).toHaveLength(1);
      expect(r.body.data[0]).toMatchObject({
        title: 'Reset your password',
        url: '/help/reset-your-password',
        source: { kind: 'article', id: docs.public.id },
      });
      expect(r.body.data[0]!.document_ref).toMatch(new RegExp(`^article:${docs.public.id}#s[12]$`));
      expect(r.body.data[0]!.snippet.length).toBeGreaterThan(0);
    }
    const text = JSON.stringify((await search(t, host, 'password admin console team policy')).body);
    expect(text).not.toContain(docs.customers.id);
    expect(text).not.toContain(docs.internal.id);
  });

  it('takes the tenant from the Host header alone: other hosts 404, forwarded hosts and ids are ignored', async () => {
    const t = makeTestApp(getDb());
    const a = await helpCenter(t, `a-${newId()}.help.test`);
    const b = await helpCenter(t, `b-${newId()}.help.test`);
    const [hostA, hostB] = (
      await getDb().query<{ host: string }>(
        'select host from help_center_hosts where workspace_id = any($1::text[]) order by host',
        [[a.ws.id, b.ws.id]],
      )
    ).map((r) => r.host);
    const ra = await search(t, hostA!, 'forgot password');
    const rb = await search(t, hostB!, 'forgot password');
    expect(ra.body.data.map((d) => d.source.id)).toEqual([a.docs.public.id]);
    expect(rb.body.data.map((d) => d.source.id)).toEqual([b.docs.public.id]);
    for (const [host, headers] of [
      [null, {}],
      ['localhost:8787', {}],
      ['unknown.help.test', { 'X-Forwarded-Host': hostA! }],
      ['127.0.0.1', {}],
    ] as const) {
      const r = await search(t, host, 'password', headers);
      expect(r.status).toBe(404);
      expect(r.body.error!.code).toBe('not_found');
    }
    // A workspace id in the query cannot choose the tenant: it is not a parameter (422 parameter_unknown).
    const withId = await t.app.request(`/api/v1/help-center/search?q=password&workspace_id=${b.ws.id}`, {
      headers: { Host: hostA! },
    });
    expect(withId.status).toBe(422);
    expect(((await withId.json()) as { error: { code: string; details: unknown } }).error).toMatchObject({
      code: 'parameter_unknown',
      details: { parameter: 'workspace_id', location: 'query' },
    });
    // An unknown host is 404 before the query is even looked at.
    expect((await search(t, 'unknown.help.test', 'x')).status).toBe(404);
    expect((await search(t, hostA!, 'x')).status).toBe(422);
  });

  it('forgets unpublished sources and rate-limits per address and host', async () => {
    const t = makeTestApp(getDb());
    const host = `c-${newId()}.help.test`;
    const { ctx, docs } = await helpCenter(t, host);
    await removeSourceChunks(ctx, 'article', docs.public.id);
    expect((await search(t, host.toLowerCase(), 'forgot password')).body.data).toEqual([]);
    for (let i = 1; i < HELP_CENTER_RATE_PER_MINUTE; i++) await search(t, host.toLowerCase(), 'x');
    const limited = await search(t, host.toLowerCase(), 'password');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('is configured by the ops command; a host serves one workspace; the demo gets help.localhost', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const other = await makeWorkspace(db);
    const host = `Docs-${newId()}.Example.com`;
    const added = await runOpsCommand(db, t.clock, {
      command: 'help-center-host',
      action: 'add',
      workspaceId: ws.id,
      host,
    });
    expect(added).toEqual({ workspaceId: ws.id, helpCenterHosts: [host.toLowerCase()] });
    await expect(
      runOpsCommand(db, t.clock, { command: 'help-center-host', action: 'add', workspaceId: other.id, host }),
    ).rejects.toMatchObject({ code: 'host_taken' });
    await expect(
      runOpsCommand(db, t.clock, {
        command: 'help-center-host',
        action: 'add',
        workspaceId: ws.id,
        host: 'https://x/',
      }),
    ).rejects.toMatchObject({ code: 'invalid_host' });
    expect(
      await runOpsCommand(db, t.clock, {
        command: 'help-center-host',
        action: 'remove',
        workspaceId: ws.id,
        host,
      }),
    ).toEqual({ workspaceId: ws.id, helpCenterHosts: [] });

    await seedDemoWorkspace(db, t.clock.now());
    await ensureDemoHelpCenterHost(db, t.clock.now());
    const demo = await db.query<{ host: string }>(
      "select host from help_center_hosts where host = 'help.localhost'",
    );
    expect(demo).toHaveLength(1);
    expect((await search(t, 'help.localhost:8787', 'password')).status).toBe(200);
  });
});
