import { rmSync } from 'node:fs';
import { expect, inject, it } from 'vitest';
import { runCli, startChildServer } from './support/server';

const env = () => ({ ...process.env, DATABASE_URL: '', DATA_DIR: inject('serverDataDir') });

it('npm run seed -- --json works through the running server and prints a usable workspace', async () => {
  const { code, stdout, stderr } = await runCli('scripts/seed.ts', ['--json'], env());
  expect(stderr).toBe('');
  expect(code).toBe(0);
  const seeded = JSON.parse(stdout.trim()) as Record<string, string>;
  expect(Object.keys(seeded).sort()).toEqual([
    'apiKey',
    'ownerEmail',
    'ownerPassword',
    'websiteId',
    'workspaceId',
  ]);
  const login = await fetch(`${inject('serverUrl')}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: seeded.ownerEmail, password: seeded.ownerPassword }),
  });
  expect(login.status).toBe(200);
  const demo = await fetch(`${inject('serverUrl')}/demo?website_id=${seeded.websiteId}`);
  expect(demo.status).toBe(200);
});

it('npm run ops -- flag sets a flag through the running server and refuses bad input clearly', async () => {
  const seeded = JSON.parse((await runCli('scripts/seed.ts', ['--json'], env())).stdout) as {
    workspaceId: string;
  };
  const ok = await runCli(
    'scripts/ops.ts',
    ['flag', seeded.workspaceId, 'feature.api.public_v1', 'off'],
    env(),
  );
  expect(ok.code).toBe(0);
  expect(JSON.parse(ok.stdout)).toEqual({
    workspaceId: seeded.workspaceId,
    flag: 'feature.api.public_v1',
    enabled: false,
  });
  const bad = await runCli('scripts/ops.ts', ['flag', seeded.workspaceId, 'feature.nope', 'on'], env());
  expect(bad.code).toBe(1);
  expect(bad.stderr).toMatch(/Unknown flag feature\.nope/);
  const usage = await runCli('scripts/ops.ts', ['flag'], env());
  expect(usage.code).toBe(1);
  expect(usage.stderr).toMatch(/usage: npm run ops -- flag/);
});

it('a second server on the same DATA_DIR stops with a clear message instead of opening the database', async () => {
  await expect(startChildServer({ DATA_DIR: inject('serverDataDir') })).rejects.toThrow(
    /is in use by another process/,
  );
});

it('with the server stopped, seed opens the embedded database itself', async () => {
  const own = await startChildServer({ DEMO: 'off' });
  await own.stop({ keepData: true });
  try {
    const { code, stdout } = await runCli('scripts/seed.ts', ['--json'], {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: own.dataDir,
    });
    expect(code).toBe(0);
    expect(JSON.parse(stdout).apiKey).toMatch(/^spk_/);
  } finally {
    rmSync(own.dataDir, { recursive: true, force: true });
  }
});
