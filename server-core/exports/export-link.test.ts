import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MINUTE, SECOND } from '../lib/clock';
import { csvCell, exportLine } from './export-format';
import { signExportLink, verifyExportLink } from './export-link';

const key = randomBytes(32);
const ws = '01m6bhr39yfvw8g1d4g2ns1e0p';
const id = '01m6bp4d2e3f4g5h6j7k8m9n0p';
const now = new Date('2026-11-27T12:00:00.000Z');

describe('export download links', () => {
  const link = signExportLink(key, ws, id, now);
  const check = (
    input: Partial<Record<'workspaceId' | 'exportId' | 'expires' | 'signature', unknown>>,
    at = now,
  ) =>
    verifyExportLink(
      key,
      { workspaceId: ws, exportId: id, expires: String(link.expires), signature: link.signature, ...input },
      at,
    );

  it('is valid for 15 minutes, for its own export and workspace only', () => {
    expect(check({})).toBe('valid');
    expect(check({}, new Date(now.getTime() + 15 * MINUTE - SECOND))).toBe('valid');
    expect(check({}, new Date(now.getTime() + 15 * MINUTE))).toBe('expired');
    expect(check({ exportId: '01m6bp4d2e3f4g5h6j7k8m9n0q' })).toBe('bad_signature');
    expect(check({ workspaceId: '01m6bhr39yfvw8g1d4g2ns1e0q' })).toBe('bad_signature');
    expect(
      verifyExportLink(
        randomBytes(32),
        { workspaceId: ws, exportId: id, expires: String(link.expires), signature: link.signature },
        now,
      ),
    ).toBe('bad_signature');
  });

  it('refuses hostile values before any lookup', () => {
    for (const expires of [
      undefined,
      null,
      1,
      '',
      '0',
      '-1',
      '1e9',
      '01',
      ' 1',
      '9'.repeat(13),
      '1.5',
      ['1'],
    ])
      expect(check({ expires }), String(expires)).not.toBe('valid');
    for (const signature of [
      undefined,
      '',
      'a'.repeat(42),
      'a'.repeat(44),
      `${'a'.repeat(42)}=`,
      '../../etc/passwd',
      {},
    ])
      expect(check({ signature }), String(signature)).toBe('malformed');
    for (const exportId of ['', '../x', id.toUpperCase(), `${id}\u0000`, 'x'.repeat(1000)])
      expect(check({ exportId }), exportId).toBe('malformed');
    // An expiry pushed further than a link this service issues, even if signed with the key, is refused.
    const far = signExportLink(key, ws, id, new Date(now.getTime() + 60 * MINUTE));
    expect(check({ expires: String(far.expires), signature: far.signature })).toBe('expired');
  });
});

describe('export file lines', () => {
  it('CSV cells are quoted when needed and formulas are defused', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\r\nbreak')).toBe('"line\r\nbreak"');
    for (const f of ['=HYPERLINK("http://evil")', '+1+1', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(csvCell(f).replace(/^"/, '').startsWith("'"), f).toBe(true);
  });

  it('NDJSON keeps one record a line whatever the text holds', () => {
    const line = exportLine('json', {
      record: 'message',
      id,
      parent_id: null,
      created_at: now.toISOString(),
      data: { body: 'two\nlines \u2028 and \u0000' },
    });
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(line).data.body).toBe('two\nlines \u2028 and \u0000');
  });
});
