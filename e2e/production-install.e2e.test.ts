import { spawn } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_INFO_FILE, DIST_DIR, readBuildInfo } from '../runtime/widget-bundle';
import { cleanEnv, scratchCopy, startListening } from './support/scratch';
import { freePort } from './support/server';

function run(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn('npm', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('exit', (code) => done({ code: code ?? -1, stdout, stderr }));
  });
}

/**
 * The deployment the README describes: the tracked files and a dist/ built elsewhere, `npm ci
 * --omit=dev` (no vite, no test tools), then `npm start`. It must serve the widget and the API.
 */
describe('a production install serves a dist/ built elsewhere', () => {
  let dir: string;
  beforeAll(async () => {
    dir = scratchCopy('prod-install-');
    const install = await run(
      ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'],
      dir,
      cleanEnv({}),
    );
    if (install.code !== 0) throw new Error(`npm ci failed:\n${install.stdout}\n${install.stderr}`);
  }, 240_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('installs the runtime dependencies only', () => {
    for (const dev of ['vite', 'vitest', 'playwright', 'typescript', '@biomejs/biome'])
      expect(existsSync(join(dir, 'node_modules', dev)), dev).toBe(false);
    expect(existsSync(join(dir, 'node_modules', 'tsx'))).toBe(true);
  });

  it('npm start serves the widget and the API; npm run seed works beside it', async () => {
    const port = await freePort();
    const env = cleanEnv({
      PORT: String(port),
      DATA_DIR: join(dir, '.data'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO: 'off',
    });
    // Its own process group: npm runs a shell that runs tsx; stopping the group stops them all.
    const server = await startListening('npm', ['start'], dir, env);
    const out = server.output();
    try {
      expect(out).not.toMatch(/built the widget|served as it is/);
      const base = `http://127.0.0.1:${port}`;
      const loader = await fetch(`${base}/cdn/l.js`);
      expect(loader.status).toBe(200);
      expect(await loader.text()).toBe(readFileSync(join(DIST_DIR, 'l.js'), 'utf8'));
      const { entry } = readBuildInfo(DIST_DIR)!;
      const widget = await fetch(`${base}/cdn/${entry}`);
      expect(widget.status).toBe(200);
      expect(widget.headers.get('content-type')).toMatch(/javascript/);
      expect(await widget.text()).toBe(readFileSync(join(DIST_DIR, entry), 'utf8'));
      const openapi = await fetch(`${base}/api/v1/openapi.json`);
      expect(openapi.status).toBe(200);
      expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\./);

      const seed = await run(['run', '--silent', 'seed', '--', '--json'], dir, env);
      expect(seed.stderr.replace(/npm warn .*\n/gi, '')).toBe('');
      expect(seed.code).toBe(0);
      const { apiKey } = JSON.parse(seed.stdout.trim()) as { apiKey: string };
      const auth = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' };
      const created = await fetch(`${base}/api/v1/contacts`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ email: 'prod@example.com' }),
      });
      expect(created.status).toBe(201);
      const listed = await fetch(`${base}/api/v1/contacts`, { headers: auth });
      expect(listed.status).toBe(200);
      expect(JSON.stringify(await listed.json())).toContain('prod@example.com');
      expect((await fetch(`${base}/api/v1/contacts`)).status).toBe(401);
    } finally {
      await server.stop();
    }
  }, 150_000);

  it('npm start refuses a bundle built for another WIDGET_API_URL and a missing dist/, naming the command', async () => {
    const env = cleanEnv({ PORT: String(await freePort()), DATA_DIR: join(dir, '.data-refused') });
    const info = readFileSync(join(dir, 'dist', BUILD_INFO_FILE), 'utf8');
    const other = await run(['start'], dir, { ...env, WIDGET_API_URL: 'https://api.example.com' });
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('rebuild it with\n  WIDGET_API_URL=https://api.example.com npm run build');
    expect(readFileSync(join(dir, 'dist', BUILD_INFO_FILE), 'utf8')).toBe(info);

    renameSync(join(dir, 'dist'), join(dir, 'dist-aside'));
    try {
      const missing = await run(['start'], dir, env);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/No built widget in .*vite is not installed here/);
      expect(missing.stderr).toContain('\n  npm run build\n');
      expect(missing.stderr).toContain('SERVE_WIDGET=off');
    } finally {
      renameSync(join(dir, 'dist-aside'), join(dir, 'dist'));
    }
    expect(existsSync(join(dir, '.data-refused'))).toBe(false);
  }, 60_000);
});
