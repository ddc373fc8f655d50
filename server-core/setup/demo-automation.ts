import { addOperatorVerifiedDomain } from '../automation/add-operator-verified-domain';
import { canonicalHost } from '../automation/domain-name';
import type { Sql } from '../db/db';
import { getDemoWorkspaceId } from './demo-seed';

/** The hosts the demo's automation may run on: PUBLIC_URL's host, and the loopback names in development. */
export function demoAutomationHosts(publicUrl: string, development: boolean): string[] {
  const hosts = [new URL(publicUrl).hostname, ...(development ? ['localhost', '127.0.0.1'] : [])];
  return [...new Set(hosts.map((h) => canonicalHost(h)).filter((h): h is string => h !== null))];
}

/**
 * Automation for the demo workspace, on every start: feature.automation.execute on (only while the
 * workspace has no setting of it, so an operator's "off" stays off), and the demo's hosts as verified
 * domains on the operator's word (the demo is served from PUBLIC_URL, which no public fetch could verify on
 * a laptop). Idempotent: a host already verified is left as it is and audited once.
 */
export async function ensureDemoAutomation(
  db: Sql,
  now: Date,
  site: { publicUrl: string; development: boolean },
): Promise<void> {
  const workspaceId = await getDemoWorkspaceId(db);
  if (!workspaceId) return;
  await db.query(
    `insert into feature_flags (workspace_id, flag, enabled, updated_at)
     values ($1, 'feature.automation.execute', true, $2) on conflict (workspace_id, flag) do nothing`,
    [workspaceId, now],
  );
  for (const domain of demoAutomationHosts(site.publicUrl, site.development))
    await addOperatorVerifiedDomain(db, { workspaceId, domain, now, source: 'demo_seed' });
}
