import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../api/result';
import { failureText, toolError } from './tool-error';

const api = (
  status: number,
  code: string,
  details: Record<string, unknown> = {},
  retry: number | null = null,
) =>
  ({
    kind: 'api',
    status,
    code,
    message: 'the service says',
    details,
    retryAfterSeconds: retry,
  }) satisfies ApiFailure;
const guide = { kind: 'guide', id: '01m6bg76k80s6am72t4xwhtvny' } as const;

describe('failureText: the code first, then what to do', () => {
  it.each([
    [
      api(401, 'invalid_api_key'),
      { kind: 'search' } as const,
      /^invalid_api_key \(HTTP 401\): .*revoked or expired\. Retrying will not help/,
    ],
    [
      api(403, 'missing_ability', { required: ['guides:read'], missing: ['guides:read'] }),
      guide,
      /^missing_ability \(HTTP 403\): .* lacks the ability guides:read needed for guide 01m6bg76k80s6am72t4xwhtvny\./,
    ],
    [api(403, 'missing_ability', { junk: true }), guide, /lacks the ability \(not named\)/],
    [
      api(404, 'not_found'),
      guide,
      /^not_found \(HTTP 404\): guide 01m6.* not visible to this key .*service_search_knowledge/,
    ],
    [api(429, 'rate_limited', {}, 17), guide, /^rate_limited \(HTTP 429\): .*Retry after 17 seconds\.$/],
    [api(429, 'rate_limited'), guide, /^rate_limited \(HTTP 429\): .*Wait before retrying\.$/],
    [
      api(422, 'validation_failed', { field: 'query' }),
      { kind: 'search' } as const,
      /^validation_failed \(HTTP 422\): .*"field":"query"/,
    ],
    [api(503, 'database_unavailable'), guide, /^database_unavailable \(HTTP 503\): .*Retry later/],
    [
      { kind: 'network', message: 'connect ECONNREFUSED 127.0.0.1:1' } as const,
      guide,
      /^network_error: .*ECONNREFUSED/,
    ],
    [
      { kind: 'bad_answer', status: 200, message: 'the answer is not JSON: <html>' } as const,
      guide,
      /^bad_answer: .*HTTP 200/,
    ],
  ])('%#', (failure, subject, expected) => {
    expect(failureText(failure, subject)).toMatch(expected);
  });
  it('is a tool error without structured content', () => {
    expect(toolError(api(404, 'not_found'), guide)).toEqual({
      isError: true,
      content: [{ type: 'text', text: expect.stringMatching(/^not_found/) }],
    });
  });
});
