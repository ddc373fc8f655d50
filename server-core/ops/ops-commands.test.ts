import { expect, it } from 'vitest';
import { ALL_ABILITIES } from '../apikeys/abilities';
import { parseApiKey } from '../apikeys/key-format';
import { FLAGS } from '../flags/catalog';
import { isFlagEnabled, listFlags } from '../flags/flags';
import { manualClock } from '../lib/clock';
import { sha256Hex } from '../lib/crypto';
import type { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';
import { login } from '../members/login';
import { getDemoWorkspaceId, seedDemoWorkspace } from '../setup/demo-seed';
import type { SeededWorkspace } from '../setup/seed-workspace';
import { describeDb } from '../testing/db';
import { runOpsCommand } from './ops-commands';

describeDb('seed and ops commands', (getDb) => {
  const clock = manualClock();

  it('seed creates a workspace whose owner can sign in and whose key holds every ability', async () => {
    const db = getDb();
    const seeded = (await runOpsCommand(db, clock, { command: 'seed', name: 'Seeded' })) as SeededWorkspace;
    expect(Object.keys(seeded).sort()).toEqual([
      'apiKey',
      'ownerEmail',
      'ownerPassword',
      'websiteId',
      'workspaceId',
    ]);
    expect(parseApiKey(seeded.apiKey)).toEqual({ workspaceId: seeded.workspaceId });
    const [key] = await db.query<{ abilities: string[]; key_hash: string }>(
      'select abilities, key_hash from api_keys where workspace_id = $1',
      [seeded.workspaceId],
    );
    expect(key!.abilities).toEqual(ALL_ABILITIES);
    expect(key!.key_hash).toBe(sha256Hex(seeded.apiKey));
    const signedIn = await login(db, {
      email: seeded.ownerEmail,
      password: seeded.ownerPassword,
      ip: '127.0.0.1',
      now: clock.now(),
    });
    const [m] = await db.query<{ role: string }>(
      'select role from memberships where workspace_id = $1 and user_id = $2',
      [seeded.workspaceId, signedIn.user.id],
    );
    expect(m!.role).toBe('owner');
  });

  it('flag sets a known flag on a known workspace, and refuses anything else clearly', async () => {
    const db = getDb();
    const seeded = (await runOpsCommand(db, clock, { command: 'seed' })) as SeededWorkspace;
    expect(await isFlagEnabled(db, seeded.workspaceId, 'feature.api.public_v1')).toBe(true);
    await runOpsCommand(db, clock, {
      command: 'flag',
      workspaceId: seeded.workspaceId.toUpperCase(),
      flag: 'feature.api.public_v1',
      enabled: false,
    });
    expect(await isFlagEnabled(db, seeded.workspaceId, 'feature.api.public_v1')).toBe(false);
    const all = await listFlags(db, seeded.workspaceId);
    expect(Object.keys(all).sort()).toEqual(Object.keys(FLAGS).sort());

    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: DomainError) => e.code,
      );
    expect(
      await codeOf(
        runOpsCommand(db, clock, {
          command: 'flag',
          workspaceId: seeded.workspaceId,
          flag: 'feature.nope',
          enabled: true,
        }),
      ),
    ).toBe('unknown_flag');
    expect(
      await codeOf(
        runOpsCommand(db, clock, {
          command: 'flag',
          workspaceId: newId(),
          flag: 'feature.api.public_v1',
          enabled: true,
        }),
      ),
    ).toBe('not_found');
    expect(
      await codeOf(
        runOpsCommand(db, clock, {
          command: 'flag',
          workspaceId: 'junk',
          flag: 'feature.api.public_v1',
          enabled: true,
        }),
      ),
    ).toBe('not_found');
  });

  it('the demo workspace is seeded once, even by two nodes starting together', async () => {
    const db = getDb();
    const results = await Promise.all([
      seedDemoWorkspace(db, clock.now()),
      seedDemoWorkspace(db, clock.now()),
    ]);
    const existing = await getDemoWorkspaceId(db);
    const created = results.filter((r) => r !== null);
    expect(created.length).toBeLessThanOrEqual(1);
    expect(existing).not.toBeNull();
    expect(await seedDemoWorkspace(db, clock.now())).toBeNull();
  });

  it('widget sets the widget appearance and refuses bad values', async () => {
    const db = getDb();
    const seeded = (await runOpsCommand(db, clock, { command: 'seed', name: 'Widget' })) as SeededWorkspace;
    const result = await runOpsCommand(db, clock, {
      command: 'widget',
      workspaceId: seeded.workspaceId,
      settings: { default_tab: 'chat', launcher_icon_url: 'https://cdn.example.com/icon.png' },
    });
    expect(result).toEqual({
      workspaceId: seeded.workspaceId,
      widget: {
        default_tab: 'chat',
        launcher_icon_url: 'https://cdn.example.com/icon.png',
        logo_url: null,
        brand_color: '#1f5fa8',
        launcher_side: 'right',
        greeting: null,
        language: 'auto',
      },
    });
    const appearance = await runOpsCommand(db, clock, {
      command: 'widget',
      workspaceId: seeded.workspaceId,
      settings: { brand_color: '#0A7C55', launcher_side: 'left', greeting: 'Hallo!', language: 'de' },
    });
    expect(appearance).toMatchObject({
      widget: {
        default_tab: 'chat',
        brand_color: '#0a7c55',
        launcher_side: 'left',
        greeting: 'Hallo!',
        language: 'de',
      },
    });
    const code = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: DomainError) => e.code,
      );
    const run = (settings: Record<string, string | null>) =>
      code(runOpsCommand(db, clock, { command: 'widget', workspaceId: seeded.workspaceId, settings }));
    expect(await run({ default_tab: 'sideways' })).toBe('validation_failed');
    expect(await run({ logo_url: 'http://cdn.example.com/logo.png' })).toBe('validation_failed');
    expect(await run({ logo_url: 'javascript:alert(1)' })).toBe('validation_failed');
    expect(await run({ launcher_icon_url: null })).toBe('ok');
    expect(await run({ brand_color: 'blue' })).toBe('validation_failed');
    expect(await run({ launcher_side: 'middle' })).toBe('validation_failed');
    expect(await run({ language: 'klingon' })).toBe('validation_failed');
    expect(await run({ greeting: null })).toBe('ok');
    expect(
      await code(runOpsCommand(db, clock, { command: 'widget', workspaceId: newId(), settings: {} })),
    ).toBe('not_found');
  });
});

describeDb('verified-domain ops command', (getDb) => {
  const clock = manualClock();

  it("adds a domain as verified on the operator's word (no fetch), idempotently, audited once; lists them", async () => {
    const db = getDb();
    const seeded = (await runOpsCommand(db, clock, { command: 'seed' })) as SeededWorkspace;
    const add = (domain: string) =>
      runOpsCommand(db, clock, {
        command: 'verified-domain',
        action: 'add',
        workspaceId: seeded.workspaceId,
        domain,
      });
    await add('intranet.corp');
    await add('localhost');
    await add('127.0.0.1');
    const again = await add('INTRANET.corp.');
    expect(again).toMatchObject({
      workspaceId: seeded.workspaceId,
      verifiedDomains: [
        { domain: '127.0.0.1', status: 'verified' },
        { domain: 'intranet.corp', status: 'verified' },
        { domain: 'localhost', status: 'verified' },
      ],
    });
    const audit = await db.query<{ actor_type: string; action: string; data: Record<string, unknown> }>(
      `select actor_type, action, data from audit_log where workspace_id = $1 and action like 'verified_domain.%' order by id`,
      [seeded.workspaceId],
    );
    expect(audit).toEqual(
      ['intranet.corp', 'localhost', '127.0.0.1'].map((domain) => ({
        actor_type: 'system',
        action: 'verified_domain.verified',
        data: { domain, method: 'operator', source: 'operator' },
      })),
    );
    for (const bad of ['intranet.corp:8080', 'user@intranet.corp', 'https://x.example', 'a..b', ''])
      await expect(add(bad), bad).rejects.toMatchObject({ code: 'invalid_host' });
    await expect(
      runOpsCommand(db, clock, {
        command: 'verified-domain',
        action: 'add',
        workspaceId: newId(),
        domain: 'x.example',
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
