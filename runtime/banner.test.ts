import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../bff/config';
import { printBanner } from './banner';

const config = loadConfig({ PORT: '8787', DATA_DIR: '/srv/data' });

describe('the start banner', () => {
  afterEach(() => vi.restoreAllMocks());
  const printed = (input: Partial<Parameters<typeof printBanner>[0]>) => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    printBanner({ config, url: 'http://127.0.0.1:8787', demo: null, ms: 9_400, db: 'pglite', ...input });
    return String(log.mock.calls.at(-1)?.[0]).split('\n')[0];
  };

  it('says how long the start took, and on a first start how much of it created the embedded database', () => {
    expect(printed({ createdDatabaseMs: 6_150 })).toBe(
      'listening on http://127.0.0.1:8787 (public URL http://localhost:8787; embedded PGlite in /srv/data; ' +
        'ready in 9.4 s, 6.2 s of it creating the database: first start only)',
    );
    expect(printed({ ms: 2_020, createdDatabaseMs: null })).toMatch(/; ready in 2\.0 s\)$/);
    expect(printed({ ms: 1_500, db: 'postgres' })).toMatch(/Postgres via DATABASE_URL; ready in 1\.5 s\)$/);
  });
});

describe('the start banner on the demo', () => {
  afterEach(() => vi.restoreAllMocks());
  it('prints the owner and the staff logins, and how to reply as staff', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    printBanner({
      config,
      url: 'http://127.0.0.1:8787',
      ms: 1_000,
      db: 'pglite',
      demo: {
        workspaceId: 'ws1',
        websiteId: 'web1',
        ownerEmail: 'owner@demo.test',
        ownerPassword: 'owner-pass',
        apiKey: 'key',
        staffEmail: 'staff@demo.test',
        staffPassword: 'staff-pass',
      },
    });
    const text = String(log.mock.calls.at(-1)?.[0]);
    expect(text).toContain('owner login    owner@demo.test / owner-pass');
    expect(text).toContain('staff login    staff@demo.test / staff-pass');
    expect(text).toContain('npm run ops -- reply ws1 <conversationId>');
    expect(text).toContain('Staff console    http://localhost:8787/app');
    expect(text).toContain(
      'Mail             not sent (no SMTP_URL): read it at http://localhost:8787/dev/inbox',
    );
  });
});

describe('the start banner on attachments', () => {
  afterEach(() => vi.restoreAllMocks());
  const text = (env: Record<string, string>) => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    printBanner({
      config: loadConfig({ DATA_DIR: '/srv/data', ...env }),
      url: 'http://x',
      demo: null,
      ms: 1,
      db: 'pglite',
    });
    return String(log.mock.calls.at(-1)?.[0]);
  };
  it('says whether uploads are scanned, and how to switch them on', () => {
    expect(text({})).toContain('Attachments      off: set CLAMD_URL=tcp://host:port');
    expect(text({ CLAMD_URL: 'tcp://clamd.internal:3310' })).toContain(
      'Attachments      scanned by clamd at clamd.internal:3310; files in /srv/data/files',
    );
  });
});
