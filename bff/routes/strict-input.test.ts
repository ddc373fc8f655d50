import { expect, it } from 'vitest';
import { addHelpCenterHost } from '../../server-core/help-center/help-center-hosts';
import { describeDb } from '../../server-core/testing/db';
import { apiWorkspace } from '../testing/api';
import { json, makeTestApp, signIn } from '../testing/services';

/**
 * Strict input (issue 12): a body field or query parameter the operation does not declare answers
 * 422 parameter_unknown naming it, on every surface; free-form objects (contact attributes, event
 * properties, step annotations) keep accepting any key; headers are not parameters.
 */

interface ErrorBody {
  error: {
    code: string;
    message: string;
    details: {
      parameter?: string;
      location?: string;
      issues?: { path: string; code: string; message: string }[];
    };
  };
}
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;

describeDb('strict input: unknown parameters are refused', (getDb) => {
  const setup = async () => {
    const t = makeTestApp(getDb());
    const ws = await apiWorkspace(t, getDb());
    return { t, ws };
  };

  it('upsertContact: a typo like firstName is 422 parameter_unknown naming it, nothing is written', async () => {
    const { ws } = await setup();
    const res = await ws.call('/api/v1/contacts', { body: { email: 'ada@example.com', firstName: 'Ada' } });
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error.code).toBe('parameter_unknown');
    expect(error.details).toEqual({ parameter: 'firstName', location: 'body' });
    expect(error.message).toContain('firstName');
    const list = (await (await ws.call('/api/v1/contacts')).json()) as { data: unknown[] };
    expect(list.data).toEqual([]);
  });

  it('a near-miss by case or separator is suggested; an unknown key wins over the other issues', async () => {
    const { ws } = await setup();
    const res = await ws.call('/api/v1/contacts', { body: { email: 'ada@example.com', externalId: 'a-1' } });
    const error = await errorOf(res);
    expect(error).toMatchObject({ code: 'parameter_unknown', details: { parameter: 'externalId' } });
    expect(error.message).toBe('Received unknown parameter: externalId. Did you mean external_id?');
    const both = await errorOf(await ws.call('/api/v1/contacts', { body: { Email: 'ada@example.com' } }));
    expect(both).toMatchObject({
      code: 'parameter_unknown',
      details: { parameter: 'Email', location: 'body' },
    });
    expect(both.message).toBe('Received unknown parameter: Email. Did you mean email?');
  });

  it('listContacts: ?q= is 422 parameter_unknown naming q, not the unfiltered list', async () => {
    const { ws } = await setup();
    const res = await ws.call('/api/v1/contacts?q=ada');
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error.code).toBe('parameter_unknown');
    expect(error.details).toEqual({ parameter: 'q', location: 'query' });
    expect(error.message).toBe('Received unknown parameter: q.');
    expect((await ws.call('/api/v1/contacts?limit=5&email=a%40example.com')).status).toBe(200);
  });

  it('headers are not parameters: an unknown header is ignored', async () => {
    const { ws } = await setup();
    const res = await ws.call('/api/v1/contacts', {
      body: { email: 'ada@example.com' },
      headers: { 'X-Whatever': '1', 'X-First-Name': 'Ada' },
    });
    expect(res.status).toBe(201);
  });

  it('attributes keep accepting any key; a bad attribute value names the rule, not invalid_union', async () => {
    const { ws } = await setup();
    const ok = await ws.call('/api/v1/contacts', {
      body: { email: 'ada@example.com', attributes: { firstName: 'Ada', 'plan.tier': 'gold', seats: 3 } },
    });
    expect(ok.status).toBe(201);
    const bad = await ws.call('/api/v1/contacts', {
      body: { email: 'ada@example.com', attributes: { nested: { x: 1 } } },
    });
    expect(bad.status).toBe(422);
    const error = await errorOf(bad);
    expect(error.code).toBe('validation_failed');
    expect(error.details.issues).toEqual([
      {
        path: 'attributes.nested',
        code: 'scalar_value',
        message: 'attribute values are strings, numbers, booleans or null',
      },
    ]);
    expect(error.message).toContain('attribute values are strings, numbers, booleans or null');
    expect(JSON.stringify(error)).not.toContain('invalid_union');
  });

  it('event properties stay free-form; an unknown key of an event is named with its index', async () => {
    const { ws } = await setup();
    await ws.call('/api/v1/contacts', { body: { email: 'ada@example.com' } });
    const ok = await ws.call('/api/v1/events', {
      body: { events: [{ name: 'signed_up', email: 'ada@example.com', properties: { anyKey: 'x' } }] },
    });
    expect(ok.status).toBe(200);
    const res = await ws.call('/api/v1/events', {
      body: { events: [{ name: 'a' }, { name: 'b', email: 'ada@example.com', propertes: {} }] },
    });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).details).toEqual({ parameter: 'events.1.propertes', location: 'body' });
  });

  it('portal: a nested unknown key in a guide step is named by its dotted path; annotations and seq stay open', async () => {
    const { t, ws } = await setup();
    const s = await signIn(t, ws.ownerEmail, ws.ownerPassword);
    const base = `/api/v1/workspaces/${ws.workspaceId}`;
    const post = (path: string, body: unknown) =>
      t.app.request(`${base}${path}`, { method: 'POST', ...json(body, s.headers) });

    const nested = await post('/guides', {
      title: 'Export a report',
      steps: [{ type: 'click' }, { type: 'click', walkthrough: { enabled: true, colour: 'red' } }],
    });
    expect(nested.status).toBe(422);
    expect((await errorOf(nested)).details).toEqual({
      parameter: 'steps.1.walkthrough.colour',
      location: 'body',
    });

    const step = await post('/guides', {
      title: 'Export a report',
      steps: [{ type: 'click', colour: 'red' }],
    });
    expect((await errorOf(step)).details).toEqual({ parameter: 'steps.0.colour', location: 'body' });

    const open = await post('/guides', {
      title: 'Export a report',
      steps: [{ seq: 1, type: 'click', annotations: { arrow: { x: 1 }, anyKey: [1, 2] } }],
    });
    expect(open.status).toBe(201);

    const key = await post('/api-keys', { name: 'ci', abilities: ['contacts:read'], expiresAt: null });
    expect(key.status).toBe(422);
    const keyError = await errorOf(key);
    expect(keyError.details).toEqual({ parameter: 'expiresAt', location: 'body' });
    expect(keyError.message).toBe('Received unknown parameter: expiresAt. Did you mean expires_at?');

    const settings = await t.app.request(`${base}/widget/settings`, {
      method: 'PATCH',
      ...json({ brandColor: '#112233' }, s.headers),
    });
    expect(settings.status).toBe(422);
    expect((await errorOf(settings)).message).toBe(
      'Received unknown parameter: brandColor. Did you mean brand_color?',
    );

    const keys = await t.app.request(`${base}/api-keys?limit=5&offset=10`, { headers: s.headers });
    expect((await errorOf(keys)).details).toEqual({ parameter: 'offset', location: 'query' });
  });

  it('portal: an unknown field of the upload form is refused like a body field', async () => {
    const { t, ws } = await setup();
    const s = await signIn(t, ws.ownerEmail, ws.ownerPassword);
    const form = new FormData();
    form.append('file', new File(['# Title\n\nSome text.'], 'a.md', { type: 'text/markdown' }));
    form.append('audiance', 'public');
    const res = await t.app.request(`/api/v1/workspaces/${ws.workspaceId}/uploads`, {
      method: 'POST',
      headers: s.headers,
      body: form,
    });
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({
      code: 'parameter_unknown',
      details: { parameter: 'audiance', location: 'body' },
    });
  });

  it('widget: an unknown body key and an unknown query parameter are refused', async () => {
    const { t, ws } = await setup();
    const boot = await t.app.request(`/widget/boot?website_id=${ws.websiteId}`);
    const token = ((await boot.json()) as { data: { visitor: { token: string } } }).data.visitor.token;
    const auth = { Authorization: `Bearer ${token}` };

    const identify = await t.app.request('/widget/identify', {
      method: 'POST',
      ...json({ email: 'ada@example.com', hmac: 'ab', user_hash: 'ab' }, auth),
    });
    expect(identify.status).toBe(422);
    expect(await errorOf(identify)).toMatchObject({
      code: 'parameter_unknown',
      details: { parameter: 'user_hash', location: 'body' },
    });

    const search = await t.app.request('/widget/help/search?q=reset&page=2', { headers: auth });
    expect(search.status).toBe(422);
    expect((await errorOf(search)).details).toEqual({ parameter: 'page', location: 'query' });

    const bootExtra = await t.app.request(`/widget/boot?website_id=${ws.websiteId}&v=2`);
    expect((await errorOf(bootExtra)).details).toEqual({ parameter: 'v', location: 'query' });
  });

  it('help-center search: an unknown query parameter is refused', async () => {
    const { t, ws } = await setup();
    await addHelpCenterHost(getDb(), {
      workspaceId: ws.workspaceId,
      host: 'help.example.com',
      now: t.clock.now(),
    });
    const res = await t.app.request('/api/v1/help-center/search?q=reset&lang=fr', {
      headers: { Host: 'help.example.com' },
    });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).details).toEqual({ parameter: 'lang', location: 'query' });
  });
});
