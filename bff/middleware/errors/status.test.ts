import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../../server-core/lib/errors';
import { ERROR_STATUS, statusOf } from './status';

describe('the code → status table', () => {
  it('gives every code of the catalog an error status, and names no code outside it', () => {
    for (const code of ERROR_CODES) {
      const status = statusOf(code);
      expect(Number.isInteger(status), code).toBe(true);
      expect(status >= 400 && status <= 599, `${code}: ${status}`).toBe(true);
    }
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('keeps the statuses the domain tests asserted before the status left the domain', () => {
    const asserted: [ErrorCode, number][] = [
      ['not_found', 404],
      ['invalid_credentials', 401],
      ['too_many_login_attempts', 429],
      ['validation_failed', 422],
      ['invalid_cursor', 422],
      ['invalid_event_batch', 422],
      ['slug_taken', 409],
      ['unknown_collection', 422],
      ['unknown_step_id', 422],
      ['invalid_page_url', 422],
      ['upload_has_no_text', 422],
      ['payload_too_large', 413],
      ['host_taken', 409],
      ['invalid_host', 422],
    ];
    for (const [code, status] of asserted) expect(statusOf(code), code).toBe(status);
  });
});
