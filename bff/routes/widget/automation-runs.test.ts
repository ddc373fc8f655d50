import { expect, it } from 'vitest';
import { addOperatorVerifiedDomain } from '../../../server-core/automation/add-operator-verified-domain';
import type { ShareMode } from '../../../server-core/content/audience';
import { createGuide } from '../../../server-core/content/create-guide';
import { publishGuide } from '../../../server-core/content/publish-guide';
import { stepInput } from '../../../server-core/content/step-input';
import { setFlag } from '../../../server-core/flags/flags';
import { testCtx } from '../../../server-core/testing/ctx';
import { describeDb } from '../../../server-core/testing/db';
import { makeWorkspace } from '../../../server-core/testing/fixtures';
import { letterEmbedder } from '../../../server-core/testing/letter-embedder';
import { json, makeTestApp, type TestApp } from '../../testing/services';

const SAFE = { password_field: false, card_number_field: false };

/** A step with the element the capture recorded: its role and name are what a recorded step keeps. */
const elementStep = (text: string, type: string, role: string, name: string) =>
  stepInput(text, {
    type,
    element: {
      selector_candidates: [`[aria-label="${name}"]`],
      role,
      name,
      tag: role === 'textbox' ? 'input' : 'button',
      bounding_box: null,
      dom_path_hash: null,
      nearest_landmark: 'main',
      source: 'extension',
      ancestors: [],
    },
    input: { masked: type === 'input' },
  });

describeDb(
  'automation runs (widgetOpenAutomationRun, widgetRecordAutomationStep, widgetCloseAutomationRun)',
  (getDb) => {
    const setup = async (t: TestApp, opts: { flag?: boolean } = {}) => {
      const db = getDb();
      const ws = await makeWorkspace(db);
      const ctx = testCtx(db, ws.id, t.clock);
      if (opts.flag !== false) await setFlag(db, ws.id, 'feature.automation.execute', true, new Date());
      await addOperatorVerifiedDomain(db, {
        workspaceId: ws.id,
        domain: 'example.com',
        now: new Date(),
        source: 'operator',
      });
      const guide = async (share_mode: ShareMode = 'public', publish = true, workspace = ws.id) => {
        const g = await createGuide(testCtx(db, workspace, t.clock), {
          title: `Invite a teammate (${share_mode})`,
          description: null,
          share_mode,
          language: 'en',
          brand_profile_id: null,
          brand: null,
          capture_session_id: null,
          capture: null,
          steps: [
            elementStep('Open the invite form.', 'click', 'button', 'Invite'),
            elementStep("Type your colleague's email.", 'input', 'textbox', 'Email address'),
          ],
        });
        if (publish) await publishGuide(testCtx(db, workspace, t.clock), g.id, { embedder: letterEmbedder });
        const steps = await db.query<{ id: string }>(
          'select id from guide_steps where workspace_id = $1 and guide_id = $2 order by seq',
          [workspace, g.id],
        );
        return { id: g.id, steps: steps.map((s) => s.id) };
      };
      const visitor = async () => {
        const res = await t.app.request(`/widget/boot?website_id=${ws.website_id}`);
        const token = ((await res.json()) as { data: { visitor: { token: string } } }).data.visitor.token;
        const auth = { Authorization: `Bearer ${token}` };
        return {
          token,
          open: (body: unknown) =>
            t.app.request('/widget/automation-runs', { method: 'POST', ...json(body, auth) }),
          step: (runId: string, body: unknown) =>
            t.app.request(`/widget/automation-runs/${runId}/steps`, { method: 'POST', ...json(body, auth) }),
          close: (runId: string, body: unknown) =>
            t.app.request(`/widget/automation-runs/${runId}`, { method: 'PATCH', ...json(body, auth) }),
        };
      };
      return { db, ws, ctx, guide, visitor };
    };
    const errorOf = async (res: Response) =>
      ((await res.json()) as { error: { code: string; details: Record<string, unknown> } }).error;
    const dataOf = async <T = Record<string, unknown>>(res: Response) =>
      ((await res.json()) as { data: T }).data;

    it('is dark (404 as an unknown route) while feature.automation.execute is off, for all three operations', async () => {
      const t = makeTestApp(getDb());
      const { db, ws, guide, visitor } = await setup(t, { flag: false });
      const g = await guide();
      const v = await visitor();
      const open = { guide_id: g.id, url: 'https://app.example.com/team', page: SAFE };
      expect((await t.app.request('/widget/automation-runs', { method: 'POST', ...json(open) })).status).toBe(
        401,
      );
      const off = await v.open(open);
      expect(off.status).toBe(404);
      expect((await errorOf(off)).code).toBe('not_found');
      const someRun = '01m6bn2d2e3f4g5h6j7k8m9n0p';
      expect(
        (await v.step(someRun, { step_id: g.steps[0], action: 'click', url: open.url, page: SAFE })).status,
      ).toBe(404);
      expect((await v.close(someRun, { state: 'completed', reason: null })).status).toBe(404);
      await setFlag(db, ws.id, 'feature.automation.execute', true, new Date());
      await expect.poll(async () => (await v.open(open)).status, { timeout: 6000 }).toBe(201);
    });

    it('checks in order: guide (404), verified domain (403 domain_not_verified), sensitive page (403 sensitive_page)', async () => {
      const t = makeTestApp(getDb());
      const { ws, guide, visitor } = await setup(t);
      const g = await guide();
      const v = await visitor();
      const worst = {
        url: 'https://evil.io/checkout',
        page: { password_field: true, card_number_field: true },
      };

      // An unknown, unpublished, private, customers-only (anonymous visitor) or foreign guide: 404 before anything else.
      const other = await makeWorkspace(getDb());
      for (const id of [
        '01m6bn2d2e3f4g5h6j7k8m9n0p',
        (await guide('public', false)).id,
        (await guide('private')).id,
        (await guide('customers')).id,
        (await guide('public', true, other.id)).id,
      ]) {
        const res = await v.open({ guide_id: id, ...worst });
        expect(res.status).toBe(404);
        expect((await errorOf(res)).code).toBe('not_found');
      }

      // The domain before the page: an unverified host is domain_not_verified even on a sensitive page.
      const unverified = await v.open({ guide_id: g.id, ...worst });
      expect(unverified.status).toBe(403);
      expect(await errorOf(unverified)).toMatchObject({
        code: 'domain_not_verified',
        details: { host: 'evil.io' },
      });
      for (const url of [
        'https://badexample.com/team',
        'https://example.com.evil.io/team',
        'https://app.example.com@evil.io/team',
        'http://127.0.0.1/team',
      ]) {
        const res = await v.open({ guide_id: g.id, url, page: SAFE });
        expect(res.status, url).toBe(403);
        expect((await errorOf(res)).code).toBe('domain_not_verified');
      }

      // A covered host, then the sensitive-page rail: the URL, then each page fact.
      const cases: [string, typeof SAFE, string][] = [
        ['https://app.example.com/checkout', SAFE, 'url'],
        ['https://app.example.com/%63heckout', SAFE, 'url'],
        ['https://app.example.com/app#/Sign-In', SAFE, 'url'],
        [
          'https://app.example.com/team',
          { password_field: true, card_number_field: false },
          'password_field',
        ],
        [
          'https://app.example.com/team',
          { password_field: false, card_number_field: true },
          'card_number_field',
        ],
      ];
      for (const [url, page, reason] of cases) {
        const res = await v.open({ guide_id: g.id, url, page });
        expect(res.status, url).toBe(403);
        expect(await errorOf(res)).toMatchObject({ code: 'sensitive_page', details: { reason } });
      }

      const ok = await v.open({
        guide_id: g.id,
        url: 'https://APP.example.com./paypal-integration-guide',
        page: SAFE,
      });
      expect(ok.status).toBe(201);
      expect(await dataOf(ok)).toEqual({
        id: expect.any(String),
        guide_id: g.id,
        state: 'open',
        created_at: t.clock.now().toISOString(),
      });
      const root = await v.open({ guide_id: g.id, url: 'https://example.com/', page: SAFE });
      expect(root.status).toBe(201);

      const bad = await v.open({ guide_id: g.id, url: 'ftp://app.example.com/x', page: SAFE });
      expect(bad.status).toBe(422);
      expect((await errorOf(bad)).code).toBe('invalid_page_url');
      const extra = await v.open({
        guide_id: g.id,
        url: 'https://app.example.com/x',
        page: { ...SAFE, title: 'x' },
      });
      expect(extra.status).toBe(422);
      expect((await errorOf(extra)).code).toBe('parameter_unknown');
      expect(ws.id).toBeTruthy();
    });

    it('records steps with the guide’s role and name and the page’s host and path; the run is its visitor’s; refusals per step', async () => {
      const t = makeTestApp(getDb());
      const { db, ws, guide, visitor } = await setup(t);
      const g = await guide();
      const otherGuide = await guide();
      const v = await visitor();
      const stranger = await visitor();
      const run = await dataOf<{ id: string }>(
        await v.open({ guide_id: g.id, url: 'https://app.example.com/team', page: SAFE }),
      );
      const at = (url: string, page = SAFE) => ({ url, page });

      t.clock.advance(1000);
      const first = await v.step(run.id, {
        step_id: g.steps[0],
        action: 'click',
        ...at('https://app.example.com:8443/team/invite?email=x@y.z#section'),
      });
      expect(first.status).toBe(201);
      expect(await dataOf(first)).toEqual({
        run_id: run.id,
        step_id: g.steps[0],
        seq: 1,
        action: 'click',
        recorded_at: t.clock.now().toISOString(),
      });
      const second = await v.step(run.id, {
        step_id: g.steps[1]!.toUpperCase(),
        action: 'input',
        ...at('https://app.example.com/team/invite'),
      });
      expect(second.status).toBe(201);
      expect(await dataOf(second)).toMatchObject({ seq: 2, action: 'input', step_id: g.steps[1] });

      // Another visitor never sees the run; a step of another guide or no step at all is unknown_step_id.
      expect(
        (
          await stranger.step(run.id, {
            step_id: g.steps[0],
            action: 'click',
            ...at('https://app.example.com/team'),
          })
        ).status,
      ).toBe(404);
      expect((await stranger.close(run.id, { state: 'aborted', reason: 'stopped' })).status).toBe(404);
      for (const stepId of [otherGuide.steps[0], '01m6bn3d2e3f4g5h6j7k8m9n0p']) {
        const res = await v.step(run.id, {
          step_id: stepId,
          action: 'click',
          ...at('https://app.example.com/team'),
        });
        expect(res.status).toBe(422);
        expect((await errorOf(res)).code).toBe('unknown_step_id');
      }
      // The rails again for every step.
      const sensitive = await v.step(run.id, {
        step_id: g.steps[1],
        action: 'input',
        ...at('https://app.example.com/billing'),
      });
      expect(sensitive.status).toBe(403);
      expect((await errorOf(sensitive)).code).toBe('sensitive_page');
      const password = await v.step(run.id, {
        step_id: g.steps[1],
        action: 'input',
        ...at('https://app.example.com/team', { password_field: true, card_number_field: false }),
      });
      expect((await errorOf(password)).code).toBe('sensitive_page');
      const elsewhere = await v.step(run.id, {
        step_id: g.steps[1],
        action: 'navigate',
        ...at('https://other.io/team'),
      });
      expect(elsewhere.status).toBe(403);
      expect((await errorOf(elsewhere)).code).toBe('domain_not_verified');
      const badAction = await v.step(run.id, {
        step_id: g.steps[1],
        action: 'type',
        ...at('https://app.example.com/team'),
      });
      expect(badAction.status).toBe(422);

      const rows = await db.query(
        `select run_id, seq, step_id, action, element_role, element_name, page_host, page_path
       from automation_run_steps where workspace_id = $1 order by seq`,
        [ws.id],
      );
      expect(rows).toEqual([
        {
          run_id: run.id,
          seq: 1,
          step_id: g.steps[0],
          action: 'click',
          element_role: 'button',
          element_name: 'Invite',
          page_host: 'app.example.com',
          page_path: '/team/invite',
        },
        {
          run_id: run.id,
          seq: 2,
          step_id: g.steps[1],
          action: 'input',
          element_role: 'textbox',
          element_name: 'Email address',
          page_host: 'app.example.com',
          page_path: '/team/invite',
        },
      ]);

      // A domain removed from the allowlist refuses the run's next step.
      await db.query('delete from verified_domains where workspace_id = $1', [ws.id]);
      const removed = await v.step(run.id, {
        step_id: g.steps[1],
        action: 'click',
        ...at('https://app.example.com/team'),
      });
      expect((await errorOf(removed)).code).toBe('domain_not_verified');
    });

    it('parallel steps get distinct, gap-free sequence numbers', async () => {
      const t = makeTestApp(getDb());
      const { db, ws, guide, visitor } = await setup(t);
      const g = await guide();
      const v = await visitor();
      const run = await dataOf<{ id: string }>(
        await v.open({ guide_id: g.id, url: 'https://app.example.com/team', page: SAFE }),
      );
      const answers = await Promise.all(
        [0, 1, 0, 1, 0].map((i) =>
          v.step(run.id, {
            step_id: g.steps[i],
            action: 'click',
            url: 'https://app.example.com/team',
            page: SAFE,
          }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      const seqs = await Promise.all(answers.map(async (r) => (await dataOf<{ seq: number }>(r)).seq));
      expect(seqs.sort()).toEqual([1, 2, 3, 4, 5]);
      const [row] = await db.query<{ steps_recorded: number }>(
        'select steps_recorded from automation_runs where workspace_id = $1 and id = $2',
        [ws.id, run.id],
      );
      expect(row!.steps_recorded).toBe(5);
    });

    it('closes exactly once: of three parallel closes one is 200 and two are 409; no step after the close', async () => {
      const t = makeTestApp(getDb());
      const { guide, visitor } = await setup(t);
      const g = await guide();
      const v = await visitor();
      const run = await dataOf<{ id: string; created_at: string }>(
        await v.open({ guide_id: g.id, url: 'https://app.example.com/team', page: SAFE }),
      );
      expect(
        (
          await v.step(run.id, {
            step_id: g.steps[0],
            action: 'click',
            url: 'https://app.example.com/team',
            page: SAFE,
          })
        ).status,
      ).toBe(201);
      t.clock.advance(5000);
      const closes = await Promise.all([
        v.close(run.id, { state: 'completed', reason: null }),
        v.close(run.id, { state: 'aborted', reason: 'ambiguous_element' }),
        v.close(run.id, { state: 'failed', reason: 'error' }),
      ]);
      expect(closes.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      const winner = closes.find((r) => r.status === 200)!;
      const closed = await dataOf<{ state: string; reason: string | null }>(winner);
      expect(closed).toEqual({
        id: run.id,
        guide_id: g.id,
        state: closed.state,
        reason: closed.reason,
        steps_recorded: 1,
        created_at: run.created_at,
        closed_at: t.clock.now().toISOString(),
      });
      for (const lost of closes.filter((r) => r.status === 409))
        expect(await errorOf(lost)).toMatchObject({
          code: 'automation_run_closed',
          details: { run_id: run.id, state: closed.state },
        });
      const late = await v.step(run.id, {
        step_id: g.steps[1],
        action: 'click',
        url: 'https://app.example.com/team',
        page: SAFE,
      });
      expect(late.status).toBe(409);
      expect((await errorOf(late)).code).toBe('automation_run_closed');
      const bad = await v.close(run.id, { state: 'open', reason: null });
      expect(bad.status).toBe(422);
    });

    it('a typed value is refused (422 parameter_unknown) and is stored nowhere: every text and json column of every table searched', async () => {
      const db = getDb();
      const t = makeTestApp(db);
      const { guide, visitor } = await setup(t);
      const g = await guide();
      const v = await visitor();
      const SECRET = 'typed-secret-4242-correct-horse';
      const run = await dataOf<{ id: string }>(
        await v.open({
          guide_id: g.id,
          url: `https://app.example.com/team?prefill=${SECRET}#${SECRET}`,
          page: SAFE,
        }),
      );
      const withValue = await v.step(run.id, {
        step_id: g.steps[1],
        action: 'input',
        url: 'https://app.example.com/team',
        page: SAFE,
        value: SECRET,
      });
      expect(withValue.status).toBe(422);
      expect(await errorOf(withValue)).toMatchObject({
        code: 'parameter_unknown',
        details: { parameter: 'value' },
      });
      const nested = await v.step(run.id, {
        step_id: g.steps[1],
        action: 'input',
        url: 'https://app.example.com/team',
        page: { ...SAFE, value: SECRET },
      });
      expect(nested.status).toBe(422);
      // The step without the value is recorded, its URL's query and fragment dropped.
      const recorded = await v.step(run.id, {
        step_id: g.steps[1],
        action: 'input',
        url: `https://app.example.com/team/invite?email=${SECRET}#${SECRET}`,
        page: SAFE,
      });
      expect(recorded.status).toBe(201);
      expect((await v.close(run.id, { state: 'completed', reason: null })).status).toBe(200);

      const columns = await db.query<{ table_name: string; column_name: string }>(
        `select table_name, column_name from information_schema.columns
       where table_schema = current_schema() and data_type in ('text', 'character varying', 'json', 'jsonb', 'bytea', 'ARRAY')
       order by table_name, column_name`,
      );
      expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toContain(
        'automation_run_steps.page_path',
      );
      const found: string[] = [];
      for (const { table_name: table, column_name: column } of columns) {
        const [hit] = await db.query<{ n: number }>(
          `select count(*)::int as n from "${table}" where "${column}"::text like $1 or encode(convert_to("${column}"::text, 'UTF8'), 'escape') like $1`,
          [`%${SECRET}%`],
        );
        if (hit!.n > 0) found.push(`${table}.${column}`);
      }
      expect(found).toEqual([]);
    });

    it('rate limits the run operations together to 120 a minute per visitor (429 with Retry-After)', async () => {
      const t = makeTestApp(getDb());
      const { guide, visitor } = await setup(t);
      const g = await guide();
      const v = await visitor();
      const other = await visitor();
      const unknownRun = '01m6bn2d2e3f4g5h6j7k8m9n0p';
      const statuses: number[] = [];
      for (let i = 0; i < 119; i++)
        statuses.push((await v.close(unknownRun, { state: 'aborted', reason: 'stopped' })).status);
      expect(new Set(statuses)).toEqual(new Set([404]));
      expect((await v.open({ guide_id: g.id, url: 'https://app.example.com/team', page: SAFE })).status).toBe(
        201,
      );
      const limited = await v.open({ guide_id: g.id, url: 'https://app.example.com/team', page: SAFE });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('Retry-After')).toBeTruthy();
      expect(
        (await other.open({ guide_id: g.id, url: 'https://app.example.com/team', page: SAFE })).status,
      ).toBe(201);
      t.clock.advance(61_000);
      expect((await v.open({ guide_id: g.id, url: 'https://app.example.com/team', page: SAFE })).status).toBe(
        201,
      );
    });
  },
);
