import { expect, it } from 'vitest';
import { isFlagEnabled, setFlag } from '../flags/flags';
import { describeDb } from '../testing/db';
import { demoAutomationHosts, ensureDemoAutomation } from './demo-automation';
import { seedDemoWorkspace } from './demo-seed';

describeDb('the demo workspace’s automation', (getDb) => {
  it('turns feature.automation.execute on and verifies the demo hosts, idempotently on every start', async () => {
    const db = getDb();
    const now = new Date();
    const demo = (await seedDemoWorkspace(db, now))!;
    const site = { publicUrl: 'http://localhost:8787', development: true };
    await ensureDemoAutomation(db, now, site);
    await ensureDemoAutomation(db, now, site);
    expect(await isFlagEnabled(db, demo.workspaceId, 'feature.automation.execute')).toBe(true);
    const domains = await db.query<{ domain: string; status: string }>(
      'select domain, status from verified_domains where workspace_id = $1 order by domain',
      [demo.workspaceId],
    );
    expect(domains).toEqual([
      { domain: '127.0.0.1', status: 'verified' },
      { domain: 'localhost', status: 'verified' },
    ]);
    const [audited] = await db.query<{ n: number }>(
      `select count(*)::int as n from audit_log where workspace_id = $1 and action = 'verified_domain.verified'`,
      [demo.workspaceId],
    );
    expect(audited!.n).toBe(2);

    // An operator's "off" survives the next start.
    await setFlag(db, demo.workspaceId, 'feature.automation.execute', false, now);
    await ensureDemoAutomation(db, now, site);
    expect(await isFlagEnabled(db, demo.workspaceId, 'feature.automation.execute')).toBe(false);
  });

  it('the hosts: PUBLIC_URL’s, and the loopback names in development only', () => {
    expect(demoAutomationHosts('https://support.example.com', false)).toEqual(['support.example.com']);
    expect(demoAutomationHosts('http://127.0.0.1:8787', true)).toEqual(['127.0.0.1', 'localhost']);
    expect(demoAutomationHosts('http://demo.localhost:8787', true)).toEqual([
      'demo.localhost',
      'localhost',
      '127.0.0.1',
    ]);
  });
});
