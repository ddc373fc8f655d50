import { expect, it } from 'vitest';
import { describeDb } from '../../server-core/testing/db';
import { OPENAPI_PATH } from '../openapi/document';
import { type Baseline, baselineOf, operationsOf } from './baselines';
import { casesFor } from './cases';
import { describeOutcome, type Outcome, runCases, tally } from './run';
import type { OpenApiDoc } from './schema-values';
import { shardOf } from './shards';
import { buildWorld } from './world';

/** The same requests on every run; set FUZZ_SEED to explore other samples locally (FUZZ_ONLY: a subset). */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/**
 * Operations whose baseline holds something that expires on the fuzz clock (which moves a minute every
 * few hundred requests): they run first. A signed download link works for 15 minutes (an export's too).
 */
const RUN_FIRST = ['widgetDownloadAttachment', 'downloadDataExport'];

/** Operations whose baseline ends something the others need: they run last. */
const RUN_LAST = [
  'getSamlConnection', // putSamlConnection's baseline creates the connection it reads
  'widgetCloseAutomationRun', // the run's steps are recorded first
  'removeVerifiedDomain', // the automation operations run on its host
  'unpublishArticle',
  'deleteArticle', // after the operations that read or write params.articleId
  'deletePage',
  'deleteUpload',
  'deleteArticleCollection',
  'unpublishGuide',
  'archiveExperience',
  'rotateWidgetIdentitySecret',
  'revokeApiKey',
  'revokeOAuthInstall', // before its app goes
  'deleteOAuthApp', // its install goes with it
  'deleteWebhook',
  'scimDeleteGroup',
  'scimDeleteUser', // after the group operations name the user
  'revokeScimToken', // a spare token: the SCIM operations use another
  'acceptInvitation', // previewInvitation reads the invitation first
  'removeMember', // updateMember changes the member first
  'logout',
];

/**
 * The OpenAPI-driven fuzz (one shard of it: `fuzz-shard-<n>.test.ts`, so the shards run in parallel
 * workers; shards.ts keeps each resource's operations together): for every operation of the document, a valid request (schema-derived, with
 * credentials for its surface) and its mutations: wrong types, U+0000, lone surrogates, 1 MB strings,
 * 10,000 levels of nesting, 50,000 keys, prototype keys, broken encodings, hostile path and query
 * values, another workspace's ids, keys and query parameters no schema declares. The bar: no 5xx, nothing
 * logged as unhandled, no hostile value accepted, no foreign id answered, every unknown parameter refused
 * as parameter_unknown.
 */
export function describeFuzzShard(shard: number, shards: number): void {
  describeDb(`OpenAPI fuzz, shard ${shard} of ${shards}`, (getDb) => {
    it('no operation answers 5xx, accepts an unstorable value or logs an unhandled error', async () => {
      const started = Date.now();
      const w = await buildWorld(getDb());
      const doc = (await (await w.t.app.request(OPENAPI_PATH)).json()) as OpenApiDoc;
      // FUZZ_ONLY=opA,opB runs those operations alone (exploring locally); the suite runs them all.
      const only = process.env.FUZZ_ONLY?.split(',');
      const ops = operationsOf(doc).filter(
        (op) => shardOf(op, shards) === shard && (!only || only.includes(op.id)),
      );
      const order = (b: Baseline) => (RUN_FIRST.includes(b.op.id) ? -2 : RUN_LAST.indexOf(b.op.id));
      const baselines = ops.map((op) => baselineOf(doc, op, w)).sort((a, b) => order(a) - order(b));

      const sent = { count: 0 };
      const outcomes: Outcome[] = [];
      const casesPerOp: Record<string, number> = {};
      const msPerOp: Record<string, number> = {};
      for (const b of baselines) {
        const opStarted = Date.now();
        const cases = await casesFor(doc, b, w, SEED);
        casesPerOp[b.op.id] = cases.length;
        outcomes.push(...(await runCases(w, cases, sent)));
        msPerOp[b.op.id] = Date.now() - opStarted;
      }

      const summary = {
        seed: SEED,
        requests: sent.count,
        operations: ops.length,
        seconds: Math.round((Date.now() - started) / 1000),
        byStatus: tally(outcomes, (o) => String(o.status)),
        byKind: tally(outcomes, (o) => o.case.kind),
        slowest: Object.entries(msPerOp)
          .sort(([, a], [, b]) => b - a)
          .slice(0, 5)
          .map(([op, ms]) => `${op} ${ms} ms`),
      };
      console.log(`fuzz summary ${JSON.stringify(summary)}`);
      if (process.env.FUZZ_DEBUG)
        console.log(
          JSON.stringify(
            tally(
              outcomes.filter((o) => o.case.op === process.env.FUZZ_DEBUG),
              (o) => `${o.case.kind} ${o.status}`,
            ),
          ),
        );

      if (ops.length === 0) return;
      expect(ops.filter((op) => !casesPerOp[op.id] || casesPerOp[op.id]! < 5).map((op) => op.id)).toEqual([]);
      const failedBaselines = outcomes.filter((o) => o.case.kind === 'baseline' && o.status >= 300);
      expect.soft(failedBaselines.map(describeOutcome)).toEqual([]);
      const serverErrors = outcomes.filter((o) => o.status >= 500);
      expect.soft(serverErrors.map(describeOutcome)).toEqual([]);
      const accepted = outcomes.filter((o) => o.case.mustRefuse && o.status < 300);
      expect.soft(accepted.map(describeOutcome)).toEqual([]);
      const foreign = outcomes.filter((o) => o.case.foreign && o.status < 300);
      expect.soft(foreign.map(describeOutcome)).toEqual([]);
      const wrongCode = outcomes.filter((o) => o.case.expectCode && o.code !== o.case.expectCode);
      expect.soft(wrongCode.map(describeOutcome)).toEqual([]);
      const unhandled = w.logs.filter((l) => l.level === 'error' || l.msg === 'unhandled error');
      expect.soft(unhandled.map((l) => `${l.msg} ${String(l.fields.path)}`)).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      // About 9,700 requests over 141 operations in all: 369 s in one file on a busy shared 2-core machine.
    }, 600_000);
  });
}
