import type { Baseline, FormPart } from './baselines';
import type { Change } from './render';
import { multipart } from './render';

const bytes = (...b: number[]) => Uint8Array.from(b);
const concat = (...parts: (string | Uint8Array)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : p)));

/** Mutations of a multipart form: field values, file names and file contents, and broken envelopes. */
export function formChanges(b: Baseline): Change[] {
  const parts = (b.body as { parts: FormPart[] }).parts;
  const file = parts.find((p) => p.filename !== undefined)!;
  const texts = parts.filter((p) => p.filename === undefined);
  const replace = (name: string, patch: Partial<FormPart>) =>
    parts.map((p) => (p.name === name ? { ...p, ...patch } : p));
  const changes: Change[] = [];
  const form = (label: string, f: FormPart[], mustRefuse = false) =>
    changes.push({ kind: 'form', label, form: f, mustRefuse });

  for (const t of texts) {
    form(`${t.name} with U+0000`, replace(t.name, { value: 'a\u0000b' }), true);
    form(`${t.name} with a NUL byte`, replace(t.name, { value: concat('a', bytes(0), 'b') }), true);
    form(`${t.name} with a CESU surrogate`, replace(t.name, { value: concat('a', bytes(0xed, 0xa0, 0x80)) }));
    form(`${t.name} with invalid UTF-8`, replace(t.name, { value: bytes(0xff, 0xfe, 0xc3, 0x28) }));
    form(`${t.name} of 1 MB`, replace(t.name, { value: 'a'.repeat(1_000_000) }));
    form(`${t.name} empty`, replace(t.name, { value: '' }));
    form(`${t.name} twice`, [...parts, { name: t.name, value: 'second' }]);
    form(`${t.name} as a file`, replace(t.name, { filename: 'x.txt', contentType: 'text/plain' }));
  }
  const f = file.name;
  form('file name with a NUL byte', replace(f, { filename: concat('a', bytes(0), '.md') }), true);
  form(
    'file name with CESU surrogate bytes',
    replace(f, { filename: concat(bytes(0xed, 0xa0, 0x80), '.md') }),
  );
  form('file name with invalid UTF-8', replace(f, { filename: concat(bytes(0xff), '.md') }));
  form('file name ../../etc/passwd', replace(f, { filename: '../../etc/passwd.md' }));
  form('file name of 10,000 characters', replace(f, { filename: `${'n'.repeat(10_000)}.md` }));
  form('file name empty', replace(f, { filename: '' }));
  form('file name with terminal escapes', replace(f, { filename: '\u001b[2J\r\n.md' }));
  form(
    'file content with NUL bytes',
    replace(f, { value: concat('# Title\n\nbefore', bytes(0), 'after\n') }),
    true,
  );
  form(
    'file content with invalid UTF-8',
    replace(f, { value: concat('# Title\n\n', bytes(0xff, 0xc0, 0x80)) }),
  );
  form(
    'file content with CESU surrogates',
    replace(f, { value: concat('# T\n\n', bytes(0xed, 0xb0, 0x80)) }),
  );
  form('file content empty', replace(f, { value: '' }));
  form(
    'file content binary',
    replace(f, { value: Uint8Array.from({ length: 4096 }, (_, i) => (i * 7) % 256) }),
  );
  form('file content above the limit', replace(f, { value: new Uint8Array(2 * 1024 * 1024 + 1).fill(97) }));
  form('file as application/octet-stream', replace(f, { contentType: 'application/octet-stream' }));
  form('file as image/png', replace(f, { contentType: 'image/png' }));
  form('file as a plain field', replace(f, { filename: undefined, contentType: undefined }));
  form(
    'no file',
    parts.filter((p) => p.name !== f),
  );
  form('two files', [...parts, file]);
  form('field named __proto__', [...parts, { name: '__proto__', value: 'x' }]);
  changes.push({
    kind: 'unknown_parameter',
    label: 'unknown field',
    form: [...parts, { name: 'fuzz_unknown', value: 'x' }],
    mustRefuse: true,
    expectCode: 'parameter_unknown',
  });
  form('field named with a NUL byte', [
    ...parts,
    { name: concat('a', bytes(0)) as unknown as string, value: 'x' },
  ]);

  const whole = multipart(parts);
  const raw = (label: string, body: Uint8Array | string, contentType: string | null) =>
    changes.push({ kind: 'form', label, raw: { bytes: body, contentType } });
  raw(
    'multipart without its closing boundary',
    whole.bytes.subarray(0, whole.bytes.length - 30),
    whole.contentType,
  );
  raw('multipart with another boundary', whole.bytes, 'multipart/form-data; boundary=other');
  raw('multipart without boundary', whole.bytes, 'multipart/form-data');
  raw('multipart empty', '', whole.contentType);
  raw('JSON instead of a form', '{"file":"x"}', 'application/json');
  raw('form-encoded instead of multipart', 'file=x%00&title=%ED%A0%80', 'application/x-www-form-urlencoded');
  return changes;
}
