import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { experiencePage, freshWorkspace, NONCE, onPages, step } from './support/experiences';
import { type HostServer, startHostServer } from './support/host-server';
import { ROOT } from './support/server';
import { e2eTempDir } from './support/temp';

/**
 * docs/testing-with-playwright.md runs as written: its one ```ts block under "A complete example" is written
 * unchanged as a spec file and run by Playwright Test (the playwright package's runner, Debian's Chromium)
 * against a host page of the test host server, under the strict CSP. The only substitution is the
 * environment the example reads: APP_URL and WELCOME_TOUR_ID.
 */
let host: HostServer;
beforeAll(async () => {
  host = await startHostServer();
});
afterAll(async () => {
  await host?.close();
});

/** The ```ts blocks of a Markdown section (from its `## ` heading to the next). */
function tsBlocks(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) return [];
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/\n```ts\n([\s\S]*?)\n```\n/g)].map((m) => `${m[1]}\n`);
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number; out: string }>((done) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => done({ code: code ?? -1, out }));
  });
}

it('the complete example of docs/testing-with-playwright.md passes as written', async () => {
  const blocks = tsBlocks(
    readFileSync(join(ROOT, 'docs/testing-with-playwright.md'), 'utf8'),
    'A complete example',
  );
  expect(blocks).toHaveLength(1);
  const example = blocks[0]!;
  expect(example).toContain("process.env.APP_URL ?? 'https://app.example.com'");
  expect(example).toContain('process.env.WELCOME_TOUR_ID ??');

  const { ws, author } = await freshWorkspace();
  const tour = await author.tour(
    'Welcome to Acme',
    [
      step('welcome', { title: 'Welcome to Acme', body: 'A quick look around.' }),
      step('billing', { title: 'Billing lives here', target: { selector: '#billing' } }),
      step('reports', {
        title: 'Open your reports',
        target: { selector: '#reports' },
        advance: 'target_click',
      }),
      step('last', { title: 'You are all set' }),
    ],
    { feedback: true },
  );
  // A tour that starts by itself on the page once the page says the welcome tour is over (a custom event):
  // its modal step would still be there at the example's last check unless the QA key keeps it away.
  await author.tour('Announcement', [step('news', { title: 'Something new' })], {
    targeting: { ...onPages('/dashboard'), triggers: { custom_event: 'welcome_done' } },
    frequency: 'unlimited',
  });
  const page = `<main><h1>Dashboard</h1><button id="billing">Billing</button> <button id="reports">Reports</button></main>
    <script nonce="${NONCE}">$widget.push(['on', 'experience:completed', () => Widget.event.push('welcome_done')]);</script>`;
  experiencePage(host, '/dashboard', ws.websiteId, page);

  const dir = e2eTempDir('pw-doc-');
  try {
    writeFileSync(join(dir, 'example.spec.ts'), example);
    // @playwright/test is a re-export of playwright/test (the package the project has): the same runner.
    const shim = join(dir, 'node_modules', '@playwright', 'test');
    mkdirSync(shim, { recursive: true });
    writeFileSync(join(shim, 'package.json'), JSON.stringify({ name: '@playwright/test', main: 'index.js' }));
    writeFileSync(
      join(shim, 'index.js'),
      `module.exports = require(${JSON.stringify(join(ROOT, 'node_modules/playwright/test.js'))});\n`,
    );
    const launchOptions = {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    };
    writeFileSync(
      join(dir, 'playwright.config.mjs'),
      `export default ${JSON.stringify({
        testDir: '.',
        testMatch: 'example.spec.ts',
        timeout: 60_000,
        workers: 1,
        reporter: 'line',
        outputDir: 'results',
        // Ours, not the example's: every request of its browser, to see what the widget did.
        use: {
          browserName: 'chromium',
          headless: true,
          launchOptions,
          contextOptions: { recordHar: { path: join(dir, 'run.har'), content: 'omit' } },
        },
      })};\n`,
    );
    const { code, out } = await run(
      process.execPath,
      [join(ROOT, 'node_modules/playwright/cli.js'), 'test', '--config', 'playwright.config.mjs'],
      dir,
      { ...process.env, APP_URL: host.url, WELCOME_TOUR_ID: tour.id, CI: '1', FORCE_COLOR: '0' },
    );
    expect(out).toMatch(/1 passed/);
    expect(code, out).toBe(0);
    // The welcome tour was played; the tour that would have started by itself was never even asked for.
    const har = JSON.parse(readFileSync(join(dir, 'run.har'), 'utf8')) as {
      log: { entries: { request: { url: string } }[] };
    };
    const tours = har.log.entries
      .map((e) => new URL(e.request.url).pathname)
      .filter((p) => p.startsWith('/widget/experiences/tours/'));
    expect(tours).toEqual([`/widget/experiences/tours/${tour.id}`]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
