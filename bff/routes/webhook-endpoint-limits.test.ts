import { expect, it } from 'vitest';
import { createApiKey } from '../../server-core/apikeys/create-api-key';
import { SYSTEM_ACTOR } from '../../server-core/context';
import { describeDb } from '../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../server-core/testing/fixtures';
import { json, makeTestApp, signIn } from '../testing/services';

interface ErrorJson {
  error: { code: string; details: Record<string, unknown> };
}

/** What a workspace may register: at most WEBHOOK_MAX_ENDPOINTS endpoints, and never a URL with port 0. */
describeDb('webhook endpoint limits', (getDb) => {
  const setup = async (env: Record<string, string> = {}) => {
    const db = getDb();
    const t = makeTestApp(db, env);
    const ws = await makeWorkspace(db);
    const ctx = { db, clock: t.clock, workspaceId: ws.id, actor: SYSTEM_ACTOR };
    const auth = `Bearer ${(await createApiKey(ctx, { name: 'k', abilities: ['webhooks:write'] })).plaintext}`;
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const portal = `/api/v1/workspaces/${ws.id}/webhook-endpoints`;
    const body = (url = `https://hooks.example.com/${Math.random()}`) => ({
      url,
      events: ['contact.created'],
    });
    return {
      t,
      createPublic: (b: unknown = body()) =>
        t.app.request('/api/v1/webhooks', { method: 'POST', ...json(b, { Authorization: auth }) }),
      deletePublic: (id: string) =>
        t.app.request(`/api/v1/webhooks/${id}`, { method: 'DELETE', headers: { Authorization: auth } }),
      register: (b: unknown = body()) => t.app.request(portal, { method: 'POST', ...json(b, s.headers) }),
      patch: (id: string, b: unknown) =>
        t.app.request(`${portal}/${id}`, { method: 'PATCH', ...json(b, s.headers) }),
    };
  };

  const refusal = async (res: Response) => {
    expect(res.status).toBe(422);
    return ((await res.json()) as ErrorJson).error;
  };

  it('a workspace has at most 20 endpoints by default: the 21st is 422 webhook_endpoint_limit_reached, on both surfaces', async () => {
    const { createPublic, deletePublic, register } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = i % 2 === 0 ? await createPublic() : await register();
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { data: { id: string } }).data.id);
    }
    for (const res of [await createPublic(), await register()]) {
      expect(await refusal(res)).toMatchObject({
        code: 'webhook_endpoint_limit_reached',
        details: { limit: 20 },
      });
    }
    // Deleting one makes room for one.
    expect((await deletePublic(ids[0]!)).status).toBe(204);
    expect((await register()).status).toBe(201);
    expect((await createPublic()).status).toBe(422);
  });

  it('WEBHOOK_MAX_ENDPOINTS sets the limit, and registrations at the same moment cannot pass it together', async () => {
    const { register } = await setup({ WEBHOOK_MAX_ENDPOINTS: '3' });
    const results = await Promise.all(Array.from({ length: 6 }, () => register()));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 422, 422, 422]);
    const refused = results.find((r) => r.status === 422)!;
    expect(await refusal(refused)).toMatchObject({
      code: 'webhook_endpoint_limit_reached',
      details: { limit: 3 },
    });
  });

  it('port 0 is refused at create and at update with webhook_url_not_allowed; ports 1 to 65535 pass', async () => {
    const { createPublic, register, patch } = await setup();
    for (const url of [
      'https://hooks.example.com:0/',
      'https://hooks.example.com:00/x',
      'http://93.184.216.34:0/',
    ]) {
      for (const res of [
        await createPublic({ url, events: ['contact.created'] }),
        await register({ url, events: ['contact.created'] }),
      ]) {
        expect(await refusal(res)).toMatchObject({
          code: 'webhook_url_not_allowed',
          details: { field: 'url', reason: 'port_not_allowed' },
        });
      }
    }
    expect(
      await refusal(
        await createPublic({ url: 'https://hooks.example.com:65536/', events: ['contact.created'] }),
      ),
    ).toMatchObject({ code: 'webhook_url_not_allowed', details: { reason: 'invalid_url' } });
    const ok = await register({ url: 'https://hooks.example.com:65535/', events: ['contact.created'] });
    expect(ok.status).toBe(201);
    const id = ((await ok.json()) as { data: { id: string } }).data.id;
    expect(await refusal(await patch(id, { url: 'https://hooks.example.com:0/' }))).toMatchObject({
      code: 'webhook_url_not_allowed',
      details: { reason: 'port_not_allowed' },
    });
    expect((await patch(id, { url: 'https://hooks.example.com:1/' })).status).toBe(200);
  });
});
