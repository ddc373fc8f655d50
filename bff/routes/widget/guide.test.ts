import { expect, it } from 'vitest';
import type { ShareMode } from '../../../server-core/content/audience';
import { createGuide } from '../../../server-core/content/create-guide';
import { publishGuide } from '../../../server-core/content/publish-guide';
import { stepInput } from '../../../server-core/content/step-input';
import { setFlag } from '../../../server-core/flags/flags';
import { testCtx } from '../../../server-core/testing/ctx';
import { describeDb } from '../../../server-core/testing/db';
import { makeWorkspace } from '../../../server-core/testing/fixtures';
import { letterEmbedder } from '../../../server-core/testing/letter-embedder';
import { identityHmac } from '../../../server-core/widget/identity-proof';
import { rotateIdentitySecret } from '../../../server-core/widget/identity-secret';
import { json, makeTestApp, type TestApp } from '../../testing/services';

/** A step as a capture records it: a screenshot, redactions, blur suggestions and notes the player never gets. */
const capturedStep = (text: string) =>
  stepInput(text, {
    type: 'input',
    screenshot: {
      media_id: 'media-original-1',
      width: 1280,
      height: 800,
      original_encrypted: true,
      original_deleted_at: null,
    },
    redactions: [{ x: 10, y: 20, w: 300, h: 40 }],
    policy_redactions: [{ x: 0, y: 0, w: 1280, h: 30 }],
    smart_blur_suggestions: [
      { id: 'blur-1', rect: { x: 1, y: 2, w: 3, h: 4 }, category: 'email', status: 'applied' },
    ],
    annotations: { arrow: 'top-left' },
    element: {
      selector_candidates: ['#invite-email', 'input[name=email]'],
      role: 'textbox',
      name: 'Email address',
      tag: 'input',
      bounding_box: { x: 400, y: 300, w: 240, h: 32 },
      dom_path_hash: 'a1b2c3',
      nearest_landmark: 'main',
      source: 'extension',
      ancestors: [{ selectors: ['form.invite'], prev: ['label'], next: ['button'] }],
    },
    alerts: [{ type: 'tip', text: 'Internal: use the work address.' }],
    walkthrough: {
      enabled: true,
      alternate_text: 'Enter the email address of the person to invite.',
      input_placeholder: 'colleague@example.com',
    },
    input: { masked: true },
    app: { id: 'crm', name: 'Acme CRM' },
  });

describeDb('widget walkthrough guides (widgetGetGuide)', (getDb) => {
  const setup = async (t: TestApp) => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id, t.clock);
    const guide = async (share_mode: ShareMode, publish = true) => {
      const g = await createGuide(ctx, {
        title: `Invite a teammate (${share_mode})`,
        description: 'Give a colleague access.',
        share_mode,
        language: 'en',
        brand_profile_id: null,
        brand: null,
        capture_session_id: null,
        capture: null,
        steps: [stepInput('Open Account settings.'), capturedStep("Type your colleague's email address.")],
      });
      if (publish) await publishGuide(ctx, g.id, { embedder: letterEmbedder });
      return g.id;
    };
    const visitor = async (websiteId = ws.website_id) => {
      const res = await t.app.request(`/widget/boot?website_id=${websiteId}`);
      const token = ((await res.json()) as { data: { visitor: { token: string } } }).data.visitor.token;
      return {
        token,
        get: (id: string) =>
          t.app.request(`/widget/guides/${id}`, { headers: { Authorization: `Bearer ${token}` } }),
      };
    };
    const secret = (await rotateIdentitySecret(ctx, t.services.box)).secret;
    const verify = async (token: string, email: string) => {
      const res = await t.app.request('/widget/identify', {
        method: 'POST',
        ...json({ email, hmac: identityHmac(secret, email) }, { Authorization: `Bearer ${token}` }),
      });
      expect(res.status).toBe(200);
    };
    return { db, ws, guide, visitor, verify };
  };

  it('answers only what the player needs: steps with their text and element, no capture internals', async () => {
    const t = makeTestApp(getDb());
    const { guide, visitor } = await setup(t);
    const id = await guide('public');
    const anon = await visitor();
    const res = await anon.get(id.toUpperCase());
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: Record<string, unknown> & { steps: Record<string, unknown>[] };
    };
    expect(Object.keys(body)).toEqual(['data']);
    expect(Object.keys(body.data)).toEqual(['id', 'title', 'description', 'language', 'step_count', 'steps']);
    expect(body.data).toMatchObject({
      id,
      title: 'Invite a teammate (public)',
      description: 'Give a colleague access.',
      language: 'en',
      step_count: 2,
    });
    expect(body.data.steps[0]).toEqual({
      id: expect.any(String),
      seq: 1,
      type: 'click',
      text: 'Open Account settings.',
      // No element captured: an element without candidates (the shape stays the same).
      element: {
        selector_candidates: [],
        role: null,
        name: null,
        tag: null,
        nearest_landmark: null,
        ancestors: [],
        bounding_box: null,
      },
      drifted: false,
      walkthrough: { enabled: true, alternate_text: null, input_placeholder: null },
      input: { masked: false },
    });
    expect(body.data.steps[1]).toEqual({
      id: expect.any(String),
      seq: 2,
      type: 'input',
      text: "Type your colleague's email address.",
      element: {
        selector_candidates: ['#invite-email', 'input[name=email]'],
        role: 'textbox',
        name: 'Email address',
        tag: 'input',
        nearest_landmark: 'main',
        ancestors: [{ selectors: ['form.invite'], prev: ['label'], next: ['button'] }],
        // The locator's last tie-break: the box as captured, in capture pixels.
        bounding_box: { x: 400, y: 300, w: 240, h: 32 },
      },
      drifted: false,
      walkthrough: {
        enabled: true,
        alternate_text: 'Enter the email address of the person to invite.',
        input_placeholder: 'colleague@example.com',
      },
      input: { masked: true },
    });
    const text = JSON.stringify(body);
    for (const leak of [
      'screenshot',
      'media-original-1',
      'redactions',
      'smart_blur',
      'blur-1',
      'annotations',
      'dom_path_hash',
      'a1b2c3',
      'extension',
      'Internal: use the work address.',
      'Acme CRM',
      'share_mode',
      'status',
    ])
      expect(text, leak).not.toContain(leak);
  });

  it('public for anyone, customers for verified contacts only, private never; unpublished, foreign and unknown are 404 alike', async () => {
    const t = makeTestApp(getDb());
    const { db, guide, visitor, verify } = await setup(t);
    const publicId = await guide('public');
    const customersId = await guide('customers');
    const privateId = await guide('private');
    const draftId = await guide('public', false);
    const other = await makeWorkspace(db);
    const foreignId = await (async () => {
      const ctx = testCtx(db, other.id, t.clock);
      const g = await createGuide(ctx, {
        title: 'Elsewhere',
        description: null,
        share_mode: 'public',
        language: 'en',
        brand_profile_id: null,
        brand: null,
        capture_session_id: null,
        capture: null,
        steps: [stepInput('Click.')],
      });
      await publishGuide(ctx, g.id, { embedder: letterEmbedder });
      return g.id;
    })();

    const anon = await visitor();
    expect((await anon.get(publicId)).status).toBe(200);
    for (const id of [
      customersId,
      privateId,
      draftId,
      foreignId,
      '01jd2m7r3x8k9q4w5e6t7y8v9a',
      'not-a-ulid',
    ]) {
      const res = await anon.get(id);
      expect(res.status, id).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
    // A visitor of the other workspace cannot reach this one's public guide either.
    expect((await (await visitor(other.website_id)).get(publicId)).status).toBe(404);

    // Unverified (no proof) stays anonymous; verified as a contact reaches customers' guides, never private.
    const verified = await visitor();
    expect((await verified.get(customersId)).status).toBe(404);
    await verify(verified.token, 'ada@example.com');
    expect((await verified.get(customersId)).status).toBe(200);
    expect((await verified.get(publicId)).status).toBe(200);
    expect((await verified.get(privateId)).status).toBe(404);
  });

  it('is dark (404 as an unknown route) while feature.walkthrough.player is off; needs a visitor token', async () => {
    const t = makeTestApp(getDb());
    const { db, ws, guide, visitor } = await setup(t);
    const id = await guide('public');
    const anon = await visitor();
    expect((await t.app.request(`/widget/guides/${id}`)).status).toBe(401);
    await setFlag(db, ws.id, 'feature.walkthrough.player', false, new Date());
    await expect.poll(async () => (await anon.get(id)).status, { timeout: 6000 }).toBe(404);
    expect(((await (await anon.get(id)).json()) as { error: { code: string } }).error.code).toBe('not_found');
    await setFlag(db, ws.id, 'feature.walkthrough.player', true, new Date());
    await expect.poll(async () => (await anon.get(id)).status, { timeout: 6000 }).toBe(200);
  });
});
