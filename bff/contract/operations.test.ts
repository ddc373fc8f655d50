import { expect, it } from 'vitest';
import { describeDb } from '../../server-core/testing/db';
import { OPENAPI_PATH } from '../openapi/document';
import { contractOperations } from '../testing/contract-operations';
import { makeTestApp } from '../testing/services';

/**
 * The rule that keeps an operationId one hop from its file: each operation of the OpenAPI document is
 * declared once in bff/contract as `export const <operationId> = createRoute({ operationId: '<operationId>', ... })`,
 * so `grep -rn "export const <operationId>" bff/contract` finds it.
 */
describeDb('the contract declares each operation once, under its operationId', (getDb, adapter) => {
  it.runIf(adapter === 'pglite')(
    'every operation of the document is an exported constant of the same name',
    async () => {
      const { app } = makeTestApp(getDb());
      const doc = (await (await app.request(OPENAPI_PATH)).json()) as {
        paths: Record<string, Record<string, { operationId: string }>>;
      };
      const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => ({ operationId: op.operationId, method, path })),
      );
      const constants = await contractOperations();

      for (const c of constants) expect(c.name, `${c.file}: ${c.name}`).toBe(c.operationId);
      const names = constants.map((c) => c.operationId);
      expect(
        names.filter((n, i) => names.indexOf(n) !== i),
        'declared twice',
      ).toEqual([]);

      const byId = new Map(constants.map((c) => [c.operationId, c]));
      for (const op of documented) {
        const c = byId.get(op.operationId);
        expect(c, `${op.operationId} has no constant in bff/contract`).toBeDefined();
        expect({ method: c!.method, path: c!.path }, op.operationId).toEqual({
          method: op.method,
          path: op.path,
        });
      }
      const documentedIds = new Set(documented.map((op) => op.operationId));
      expect(
        names.filter((n) => !documentedIds.has(n)),
        'declared but never mounted',
      ).toEqual([]);
    },
  );
});
