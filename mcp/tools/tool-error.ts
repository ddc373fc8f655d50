import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiFailure } from '../api/result';

/** What the failed call was about, so the message can name it. */
export type Subject = { kind: 'search' } | { kind: 'guide'; id: string } | { kind: 'article'; id: string };

const what = (s: Subject) => (s.kind === 'search' ? 'the knowledge search' : `${s.kind} ${s.id}`);

const abilityList = (value: unknown): string | null =>
  Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')
    ? value.join(', ')
    : null;

/**
 * A failure as the words an agent can act on: the house error code first (or `network_error` /
 * `bad_answer` for what never reached the envelope), then what happened and what to do. The API key is
 * never part of it.
 */
export function failureText(failure: ApiFailure, subject: Subject): string {
  if (failure.kind === 'network') {
    return `network_error: the knowledge service did not answer (${failure.message}). Retry in a moment; if it persists, the MCP server's SUPPORT_API_URL or the service is down, which the operator must fix.`;
  }
  if (failure.kind === 'bad_answer') {
    return `bad_answer: the knowledge service gave an answer this server cannot read (HTTP ${failure.status}: ${failure.message}). Retry later; if it persists, check that SUPPORT_API_URL points at the service and not at a proxy page.`;
  }
  const code = failure.code;
  const head = `${code} (HTTP ${failure.status})`;
  switch (failure.status) {
    case 401:
      return `${head}: the API key of this connection was refused: it is missing, unknown, revoked or expired. Retrying will not help; the operator must configure a valid key.`;
    case 403: {
      if (code === 'missing_ability') {
        const missing = abilityList(failure.details.missing) ?? abilityList(failure.details.required);
        return `${head}: the API key of this connection lacks the ability ${missing ?? '(not named)'} needed for ${what(subject)}. Retrying will not help; the operator must use a key with ${missing ?? 'that ability'}.`;
      }
      return `${head}: the API key of this connection may not do this: ${failure.message}`;
    }
    case 404:
      if (subject.kind === 'search')
        return `${head}: the knowledge search is not available on this service (it answered not found).`;
      return `${head}: ${what(subject)} does not exist or is not visible to this key (unpublished, or internal content without retrieval:internal). Find valid ids with service_search_knowledge (source.id of a ${subject.kind} chunk).`;
    case 429:
      return failure.retryAfterSeconds === null
        ? `${head}: too many requests for this API key. Wait before retrying.`
        : `${head}: too many requests for this API key. Retry after ${failure.retryAfterSeconds} seconds.`;
    case 422:
      return `${head}: the service refused the arguments: ${failure.message} ${JSON.stringify(failure.details)}. Correct them and call again.`;
    default:
      return failure.status >= 500
        ? `${head}: the knowledge service failed (${failure.message}). Retry later.`
        : `${head}: ${failure.message}`;
  }
}

/** The tool result of a failed call: isError, the message as text, no structured content. */
export function toolError(failure: ApiFailure, subject: Subject): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: failureText(failure, subject) }] };
}
