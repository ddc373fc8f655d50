import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { DomainError } from '../../../server-core/lib/errors';
import {
  findUnstorable,
  pathText,
  RULE_MESSAGES,
  type Unstorable,
  unstorableString,
} from '../../../server-core/lib/storable';
import type { AppEnv } from '../../env';

const JSON_MEDIA = /^application\/([\w.-]+\+)?json$/i;
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A batch operation reports a refused value inside its items by index, in its own code. */
export type BatchRefusal = (index: number, found: Unstorable) => DomainError;

export interface StorableOptions {
  /** Paths whose body this middleware must not read (uploads: their own size limit runs later). */
  skipBody?: (path: string) => boolean;
  /** Request paths of batch operations: the body field holding the items, and how to refuse one. */
  batches?: Record<string, { field: string; refuse: BatchRefusal }>;
}

const refuse = (location: string, path: string, rule: string, message: string) =>
  new DomainError(
    'validation_failed',
    { location, issues: [{ path, code: rule, message }] },
    `The request ${location} holds a value the service does not accept: ${message}`,
  );

/** The path parameter a segment fills, by the matched route's template, else its position. */
function segmentName(template: string | undefined, index: number): string {
  const seg = template?.split('/')[index];
  return seg?.startsWith(':') ? seg.slice(1).replace(/\{.*$/, '') : `segment ${index}`;
}

function checkPath(rawUrl: string, template: string | undefined): void {
  const pathname = new URL(rawUrl).pathname;
  pathname.split('/').forEach((raw, i) => {
    let decoded = raw;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      // Malformed escapes stay as they are, as the router leaves them: no U+0000 can come of them.
    }
    const rule = unstorableString(decoded);
    if (rule) throw refuse('path', segmentName(template, i), rule, RULE_MESSAGES[rule]);
  });
}

function checkQuery(queries: Record<string, string[]>): void {
  for (const [key, values] of Object.entries(queries)) {
    const keyRule = unstorableString(key);
    if (keyRule) throw refuse('query', pathText([key]), keyRule, RULE_MESSAGES[keyRule]);
    for (const value of values) {
      const rule = unstorableString(value);
      if (rule) throw refuse('query', pathText([key]), rule, RULE_MESSAGES[rule]);
    }
  }
}

/**
 * The edge guarantee for every operation, present and future: no path segment, query key or value, or
 * JSON body value (keys included, at any depth) holds U+0000 or an unpaired surrogate, nests deeper
 * than MAX_NESTING_DEPTH, has more than MAX_OBJECT_KEYS keys, or uses a reserved key (422
 * validation_failed naming the location, the path and the rule). Runs before authentication and every
 * other reader of the request, so nothing downstream (idempotency records, rate-limit keys, Postgres)
 * ever sees such a value. A body that is not JSON is left to the validators (invalid_json); forms are
 * checked by the validation hook once their route has limited their size.
 */
export const refuseUnstorable = (opts: StorableOptions = {}): MiddlewareHandler<AppEnv> =>
  async function refuseUnstorable(c, next) {
    const url = c.req.url;
    // Without an escape, every decoded path segment, query key and value is a piece of the URL itself:
    // one scan of the URL decides for all of them (the common case: no parsing, no decoding).
    if (url.includes('%') || unstorableString(url)) {
      checkPath(url, routePath(c, -1));
      checkQuery(c.req.queries());
    }
    const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim();
    if (WITH_BODY.has(c.req.method) && JSON_MEDIA.test(mediaType) && !opts.skipBody?.(c.req.path)) {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return next();
      }
      const found = findUnstorable(body);
      if (found) {
        const batch = opts.batches?.[c.req.path];
        const [head, index] = found.path;
        if (batch && head === batch.field && typeof index === 'number') throw batch.refuse(index, found);
        throw refuse('body', pathText(found.path), found.rule, found.message);
      }
    }
    await next();
  };

/** For values the validators hand over (form fields, file names): the same rules, by field. */
export function refuseUnstorableForm(form: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(form)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      const text = v instanceof File ? v.name : typeof v === 'string' ? v : '';
      const rule = unstorableString(text);
      if (rule) {
        const where = v instanceof File ? [name, 'filename'] : [name];
        throw refuse('body', pathText(where), rule, RULE_MESSAGES[rule]);
      }
    }
  }
}
