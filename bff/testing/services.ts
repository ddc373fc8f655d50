import { randomBytes } from 'node:crypto';
import { createDomainProofFetcher } from '../../runtime/http/domain-proof-fetcher';
import type { DomainProofFetcher } from '../../server-core/automation/domain-proof';
import type { Db } from '../../server-core/db/db';
import type { FileStore } from '../../server-core/files/file-store';
import { type ManualClock, manualClock } from '../../server-core/lib/clock';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { silentLogger } from '../logger';
import { createServices, type Services } from '../services';

/**
 * A test's configuration. The app embeds with GloVe unless the test asks otherwise: GloVe embeds inside the
 * write, so a test reads its search results at once, and no sentence-encoder threads outlive the test. The
 * default (use-lite, embedded by the job) runs in the e2e servers and in its own tests.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: '/nonexistent-test-dir',
    DEMO: 'off',
    WORKER: 'off',
    OFFLINE_EMBEDDER: 'glove',
    ...env,
  });
}

export interface TestApp {
  services: Services;
  clock: ManualClock;
  app: ReturnType<typeof buildApp>;
}

/** The real app over a test database, with a clock that only moves when the test moves it. */
export function makeTestApp(
  db: Db,
  env: Record<string, string> = {},
  start?: string,
  opts: { domainProof?: DomainProofFetcher; files?: FileStore } = {},
): TestApp {
  const clock = manualClock(start ?? new Date().toISOString());
  const config = testConfig(env);
  const services = createServices({
    db,
    clock,
    config,
    logger: silentLogger,
    masterKey: randomBytes(32),
    domainProof: opts.domainProof ?? createDomainProofFetcher({ allowHosts: config.unsafeWebhookAllowHosts }),
    files: opts.files ?? null,
  });
  return { services, clock, app: buildApp(services) };
}

/** Cookie header value from a response's Set-Cookie headers. */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c!.endsWith('='))
    .join('; ');
}

export interface SignedIn {
  cookie: string;
  csrf: string;
  headers: Record<string, string>;
}

export async function signIn(t: TestApp, email: string, password: string): Promise<SignedIn> {
  const res = await t.app.request('/api/v1/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { csrf_token: string } };
  const cookie = cookiesFrom(res);
  return {
    cookie,
    csrf: body.data.csrf_token,
    headers: { Cookie: cookie, 'X-CSRF-Token': body.data.csrf_token },
  };
}

export const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
