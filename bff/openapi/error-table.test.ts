import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOG, ERROR_CODES } from '../../server-core/lib/errors';
import { statusOf } from '../middleware/errors/status';
import { ERRORS_MD, renderErrorTable } from './error-table';

describe('docs/errors.md', () => {
  it('is what the catalog and the status table emit (run npm run openapi)', () => {
    expect(readFileSync(ERRORS_MD, 'utf8'), 'docs/errors.md is stale: run npm run openapi').toBe(
      renderErrorTable(),
    );
  });

  it('has one row per code with its status, and every code a message and a meaning', () => {
    const committed = readFileSync(ERRORS_MD, 'utf8');
    for (const code of ERROR_CODES) {
      const rows = committed.split('\n').filter((line) => line.startsWith(`| \`${code}\` |`));
      expect(rows, code).toHaveLength(1);
      expect(rows[0]!.startsWith(`| \`${code}\` | ${statusOf(code)} |`), code).toBe(true);
      expect(ERROR_CATALOG[code].message.length, code).toBeGreaterThan(0);
      expect(ERROR_CATALOG[code].meaning.length, code).toBeGreaterThan(0);
    }
  });
});
