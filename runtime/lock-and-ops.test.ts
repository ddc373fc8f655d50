import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../bff/logger';
import { createServices } from '../bff/services';
import { testConfig } from '../bff/testing/services';
import { systemClock } from '../server-core/lib/clock';
import type { SeededWorkspace } from '../server-core/setup/seed-workspace';
import { describeDb } from '../server-core/testing/db';
import { createDomainProofFetcher } from './http/domain-proof-fetcher';
import { acquireLock, DataDirInUseError, LOCK_FILE, opsSocketPath, readLock } from './instance-lock';
import { OpsError, sendOpsCommand, startOpsSocket } from './ops-socket';

describe('DATA_DIR lock', () => {
  it('one holder at a time; a stale lock of a dead process is taken over', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    const held = acquireLock(dir);
    expect(readLock(dir)?.pid).toBe(process.pid);
    expect(() => acquireLock(dir)).toThrow(DataDirInUseError);
    held.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);

    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: 2 ** 22 + 12345, startedAt: 'x', opsSocket: 'x' }),
    );
    expect(readLock(dir)).toBeNull();
    const again = acquireLock(dir);
    expect(statSync(join(dir, LOCK_FILE)).mode & 0o777).toBe(0o600);
    again.release();
  });

  it('keeps the ops socket path under the Unix limit', () => {
    expect(opsSocketPath('/tmp/x')).toBe('/tmp/x/ops.sock');
    const long = `/tmp/${'d'.repeat(150)}`;
    expect(Buffer.byteLength(opsSocketPath(long))).toBeLessThan(100);
  });
});

describeDb('ops socket', (getDb) => {
  it('runs seed and flag commands for a CLI through a private socket', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-'));
    const services = createServices({
      db: getDb(),
      clock: systemClock,
      config: testConfig(),
      logger: silentLogger,
      masterKey: randomBytes(32),
      domainProof: createDomainProofFetcher({ allowHosts: [] }),
    });
    const path = join(dir, 'ops.sock');
    const socket = await startOpsSocket(services, path);
    try {
      expect(statSync(path).mode & 0o777).toBe(0o600);
      const seeded = (await sendOpsCommand(path, { command: 'seed', name: 'Via socket' })) as SeededWorkspace;
      expect(seeded.apiKey).toMatch(/^spk_/);
      expect(
        await sendOpsCommand(path, {
          command: 'flag',
          workspaceId: seeded.workspaceId,
          flag: 'feature.api.webhooks',
          enabled: false,
        }),
      ).toEqual({
        workspaceId: seeded.workspaceId,
        flag: 'feature.api.webhooks',
        enabled: false,
      });
      await expect(
        sendOpsCommand(path, {
          command: 'flag',
          workspaceId: seeded.workspaceId,
          flag: 'nope',
          enabled: true,
        }),
      ).rejects.toThrow(OpsError);
      // A verified domain on the operator's word, through the running server's socket.
      const added = (await sendOpsCommand(path, {
        command: 'verified-domain',
        action: 'add',
        workspaceId: seeded.workspaceId,
        domain: 'Intranet.Example.',
      })) as { verifiedDomains: { domain: string; status: string }[] };
      expect(added.verifiedDomains).toMatchObject([{ domain: 'intranet.example', status: 'verified' }]);
      await expect(
        sendOpsCommand(path, {
          command: 'verified-domain',
          action: 'add',
          workspaceId: seeded.workspaceId,
          domain: 'https://x.example/',
        }),
      ).rejects.toThrow(OpsError);
    } finally {
      await socket.close();
    }
    expect(existsSync(path)).toBe(false);
  });
});
