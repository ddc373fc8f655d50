import { z } from 'zod';
import { readAnswer } from './read-answer';
import type { ApiResult } from './result';
import {
  ArticleSchema,
  type CheckedArticle,
  type CheckedGuide,
  type CheckedRetrievalAnswer,
  GuideSchema,
  RetrievalAnswerSchema,
} from './schemas';
import type { ApiPath, RetrievalQuery } from './types';

export interface ApiClientOptions {
  /** The deployment's origin, e.g. `https://support.example.com` (paths start at /api/v1). */
  baseUrl: string;
  /** One workspace API key (`spk_…`), sent as `Authorization: Bearer`; never logged. */
  apiKey: string;
  /** Per call; the answer is a `network` failure after it. */
  timeoutMs: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** The three public operations the tools call (queryRetrieval, getGuide, getArticle). */
export interface ApiClient {
  queryRetrieval(body: RetrievalQuery): Promise<ApiResult<CheckedRetrievalAnswer>>;
  getGuide(guideId: string): Promise<ApiResult<{ data: CheckedGuide }>>;
  getArticle(articleId: string): Promise<ApiResult<{ data: CheckedArticle }>>;
  readonly baseUrl: string;
}

const describe = (err: unknown): string => {
  if (!(err instanceof Error)) return String(err);
  if (err.name === 'TimeoutError') return 'no answer within the timeout';
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
};

/** A client over fetch, one per API key (per stdio process, per HTTP session). */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const base = options.baseUrl.replace(/\/+$/, '');
  const call = async <S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<ApiResult<z.output<S>>> => {
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      return { ok: false, failure: { kind: 'network', message: describe(err) } };
    }
    return readAnswer(res.status, res.headers, text, schema, now());
  };
  /** A path of the contract (a renamed path fails `tsc`) with its `{parameters}` filled in, encoded. */
  const fill = (template: ApiPath, params: Record<string, string> = {}) =>
    template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return {
    baseUrl: base,
    queryRetrieval: (body) => call('POST', fill('/api/v1/retrieval/query'), RetrievalAnswerSchema, body),
    getGuide: (guideId) =>
      call('GET', fill('/api/v1/guides/{guideId}', { guideId }), z.object({ data: GuideSchema })),
    getArticle: (articleId) =>
      call('GET', fill('/api/v1/articles/{articleId}', { articleId }), z.object({ data: ArticleSchema })),
  };
}
