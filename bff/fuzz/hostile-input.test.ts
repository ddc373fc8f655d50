import { createHmac } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { MAX_NESTING_DEPTH, MAX_OBJECT_KEYS } from '../../server-core/lib/storable';
import { describeDb } from '../../server-core/testing/db';
import { json } from '../testing/services';
import { multipart } from './render';
import { buildWorld, type World } from './world';

interface ErrorBody {
  error: { code: string; details: Record<string, unknown> };
}

const errorOf = async (res: Response) => ({ status: res.status, ...((await res.json()) as ErrorBody).error });
const refusal = (location: string, path: string, code: string) => ({
  status: 422,
  code: 'validation_failed',
  details: { location, issues: [expect.objectContaining({ path, code })] },
});

/**
 * The defects the fuzz found before issue 11 (500s with a logged stack trace, or a value dropped or
 * altered silently), one per surface, each with the answer it gets now.
 */
describeDb('hostile input at the edge', (getDb) => {
  let w: World;
  const call = (path: string, init: RequestInit = {}) => w.t.app.request(path, init);
  const asKey = (path: string, body: unknown) =>
    call(path, { method: 'POST', ...json(body, { Authorization: `Bearer ${w.own.apiKey}` }) });
  const asVisitor = (path: string, init: RequestInit = {}) =>
    call(path, { ...init, headers: { Authorization: `Bearer ${w.own.visitorToken}`, ...init.headers } });
  const count = async (table: string) =>
    (
      await w.t.services.db.query<{ n: number }>(
        `select count(*)::int as n from ${table} where workspace_id = $1`,
        [w.own.workspaceId],
      )
    )[0]!.n;

  beforeAll(async () => {
    w = await buildWorld(getDb());
  }, 60_000);

  it('U+0000 in the sign-in email (unauthenticated) is a 422 naming the field', async () => {
    const res = await call('/api/v1/auth/login', {
      method: 'POST',
      ...json({ email: 'owner\u0000@example.com', password: 'whatever-long-enough' }),
    });
    expect(await errorOf(res)).toMatchObject(refusal('body', 'email', 'nul_character'));
  });

  it('query and path values: help-center and widget search q, a filter, a slug with %00', async () => {
    const helpCenter = await call('/api/v1/help-center/search?q=pass%00word', {
      headers: { Host: w.own.helpCenterHost },
    });
    expect(await errorOf(helpCenter)).toMatchObject(refusal('query', 'q', 'nul_character'));
    expect(await errorOf(await asVisitor('/widget/help/search?q=a%00b'))).toMatchObject(
      refusal('query', 'q', 'nul_character'),
    );
    const filtered = await call('/api/v1/conversations?channel=%00', {
      headers: { Authorization: `Bearer ${w.own.apiKey}` },
    });
    expect(await errorOf(filtered)).toMatchObject(refusal('query', 'channel', 'nul_character'));
    expect(await errorOf(await asVisitor('/widget/help/articles/reset%00'))).toMatchObject(
      refusal('path', 'slug', 'nul_character'),
    );
  });

  it('an event batch with U+0000 in event 3 is invalid_event_batch naming the index, and writes nothing', async () => {
    const before = await count('contact_events');
    const event = (x: string) => ({ name: 'clicked', contact_id: w.own.params.contactId, properties: { x } });
    const res = await asKey('/api/v1/events', {
      events: [event('a'), event('b'), event('c'), event('d\u0000'), event('e')],
    });
    expect(await errorOf(res)).toMatchObject({
      status: 422,
      code: 'invalid_event_batch',
      details: { index: 3, field: 'properties.x', rule: 'nul_character' },
    });
    const surrogate = await asKey('/api/v1/events', { events: [event('a'), event('\udc00')] });
    expect(await errorOf(surrogate)).toMatchObject({
      details: { index: 1, field: 'properties.x', rule: 'lone_surrogate' },
    });
    expect(await count('contact_events')).toBe(before);
  });

  it('guide annotations: a lone surrogate, 10,000 levels and too many keys are refused by rule', async () => {
    const guide = (annotations: string) =>
      call(`/api/v1/workspaces/${w.own.workspaceId}/guides`, {
        method: 'POST',
        headers: { ...w.own.portal.headers, 'Content-Type': 'application/json' },
        body: `{"title":"G","steps":[{"type":"click","annotations":${annotations}}]}`,
      });
    expect(await errorOf(await guide('{"note":"\\ud800"}'))).toMatchObject(
      refusal('body', 'steps.0.annotations.note', 'lone_surrogate'),
    );
    const deep = await errorOf(await guide(`{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`));
    expect(deep).toMatchObject({ status: 422, details: { issues: [{ code: 'max_depth' }] } });
    expect(String((deep.details.issues as { message: string }[])[0]!.message)).toContain(
      String(MAX_NESTING_DEPTH),
    );
    const wide = `{${Array.from({ length: MAX_OBJECT_KEYS + 1 }, (_, i) => `"k${i}":1`).join(',')}}`;
    expect(await errorOf(await guide(wide))).toMatchObject(
      refusal('body', 'steps.0.annotations', 'max_keys'),
    );
    expect(await errorOf(await guide('{"__proto__":{"polluted":true}}'))).toMatchObject(
      refusal('body', 'steps.0.annotations.__proto__', 'reserved_key'),
    );
  });

  it('a __proto__ (or constructor, prototype) attribute is refused, no longer dropped silently', async () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const res = await call('/api/v1/contacts', {
        method: 'POST',
        headers: { Authorization: `Bearer ${w.own.apiKey}`, 'Content-Type': 'application/json' },
        body: `{"email":"${w.own.contactEmail}","attributes":{"plan":"pro",${JSON.stringify(key)}:"x"}}`,
      });
      expect(await errorOf(res), key).toMatchObject(refusal('body', `attributes.${key}`, 'reserved_key'));
    }
  });

  it('uploads: U+0000 in a file name or in the text of the file is a 422', async () => {
    const upload = (filename: string, content: string) => {
      const form = multipart([
        { name: 'file', value: content, filename, contentType: 'text/markdown' },
        { name: 'title', value: 'Fuzz' },
      ]);
      return call(`/api/v1/workspaces/${w.own.workspaceId}/uploads`, {
        method: 'POST',
        headers: { ...w.own.portal.headers, 'Content-Type': form.contentType },
        body: form.bytes as BodyInit,
      });
    };
    expect(await errorOf(await upload('a\u0000.md', '# Hi\n\ntext'))).toMatchObject(
      refusal('body', 'file.filename', 'nul_character'),
    );
    expect(await errorOf(await upload('a.md', '# Hi\n\nbinary\u0000text'))).toMatchObject({
      status: 422,
      code: 'validation_failed',
      details: { field: 'file', rule: 'nul_character' },
    });
    expect((await upload('a.md', '# Hi\n\ntext')).status).toBe(201);
  });

  it('the identity token: a name claim with U+0000 or a __proto__ attribute is invalid_token_attributes', async () => {
    const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
    const sign = (claims: string) => {
      const head = `${b64('{"alg":"HS256"}')}.${b64(claims)}`;
      return `${head}.${b64(createHmac('sha256', w.own.identitySecret).update(head).digest())}`;
    };
    const exp = Math.floor(w.t.clock.now().getTime() / 1000) + 600;
    const email = w.own.contactEmail;
    const identify = (claims: string) =>
      asVisitor('/widget/identify', { method: 'POST', ...json({ email, token: sign(claims) }) });
    expect(
      await errorOf(await identify(`{"email":"${email}","exp":${exp},"name":"Ada\\u0000"}`)),
    ).toMatchObject({
      status: 422,
      code: 'invalid_token_attributes',
      details: { field: 'token', path: 'name', rule: 'nul_character' },
    });
    expect(
      await errorOf(await identify(`{"email":"${email}","exp":${exp},"attributes":{"__proto__":"x"}}`)),
    ).toMatchObject({
      status: 422,
      code: 'invalid_token_attributes',
      details: { field: 'token', path: 'attributes.__proto__', rule: 'reserved_key' },
    });
    expect(w.logs.filter((l) => l.level === 'error')).toEqual([]);
  });
});
