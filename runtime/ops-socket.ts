import { chmodSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { statusOf } from '../bff/middleware/errors/status';
import type { Services } from '../bff/services';
import { DomainError } from '../server-core/lib/errors';
import { type OpsCommand, type OpsResult, runOpsCommand } from '../server-core/ops/ops-commands';

/**
 * A private control channel on a Unix socket (mode 0600) so `npm run seed` and `npm run ops` can act
 * through the running server instead of opening its embedded database a second time. It is not part
 * of the HTTP API and is not reachable over the network.
 */
export async function startOpsSocket(services: Services, path: string): Promise<{ close(): Promise<void> }> {
  rmSync(path, { force: true });
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let status = 200;
    let body: unknown;
    try {
      body = await runOpsCommand(
        services.db,
        services.clock,
        JSON.parse(Buffer.concat(chunks).toString('utf8')) as OpsCommand,
      );
    } catch (err) {
      status = err instanceof DomainError ? statusOf(err.code) : 500;
      body = {
        error: {
          code: err instanceof DomainError ? err.code : 'internal_error',
          message: (err as Error).message,
        },
      };
    }
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(path, resolve));
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
}

export class OpsError extends Error {}

export function sendOpsCommand(socketPath: string, cmd: OpsCommand): Promise<OpsResult> {
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath, path: '/', method: 'POST', headers: { 'Content-Type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (res.statusCode === 200) resolve(parsed as OpsResult);
          else reject(new OpsError(parsed.error?.message ?? `ops command failed (${res.statusCode})`));
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(cmd));
  });
}
