import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertGloveJson } from './glove-convert';
import { decodeGlove, encodeGlove, quantise } from './glove-format';
import { cacheFileName, type GlovePackage, loadGloveTable } from './glove-table';

/** A miniature of the package's JSON: header, words, then vectors as [components, l2 norm, word index]. */
function fixture(dir: string): GlovePackage {
  const entries: [string, number[]][] = [
    ['the', [1, 0, 0]],
    [',', [0, 1, 0]],
    ['cat', [0, 3, 4]],
    ['Paris', [1, 1, 0]],
    ['e-mail', [0, 0, 2]],
    ['"', [2, 0, 0]],
    ['zero', [0, 0, 0]],
    ["don't", [1, 2, 2]],
  ];
  const json = `{"precision":8,"l2NormIndex":3,"wordIndex":4,"size":${entries.length},"dimensions":3,"words":${JSON.stringify(
    entries.map((e) => e[0]),
  )},"vectors":{${entries
    .map(([w, v], i) => `${JSON.stringify(w)}:[${[...v, Math.hypot(...v), i].join(',')}]`)
    .join(',')}},"unkVector":[0,0,0,-1]}`;
  const jsonPath = join(dir, 'glove.json');
  writeFileSync(jsonPath, json);
  return { version: '9.9.9', jsonPath, defaultCacheDir: join(dir, 'cache') };
}

describe('GloVe table', () => {
  it('converts the JSON stream: words the tokenizer can produce, unit vectors, frequency ranks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'glove-'));
    const table = decodeGlove(await convertGloveJson(fixture(dir).jsonPath));
    expect([...table.index.keys()]).toEqual(['the', 'cat', 'e-mail', "don't"]);
    expect([...table.ranks]).toEqual([1, 3, 5, 8]);
    const cat = table.index.get('cat')!;
    const v = [0, 1, 2].map((d) => table.vectors[cat * 3 + d]! * table.scales[cat]!);
    expect(v[0]).toBe(0);
    expect(v[1]).toBeCloseTo(0.6, 2);
    expect(v[2]).toBeCloseTo(0.8, 2);
  });

  it('quantises to int8 with a cosine above 0.9999 and refuses foreign or truncated files', () => {
    const v = Float32Array.from({ length: 100 }, (_, i) => Math.sin(i * 1.7));
    const n = Math.hypot(...v);
    const unit = v.map((x) => x / n);
    const { scale, q } = quantise(unit);
    let dot = 0;
    let qq = 0;
    for (let i = 0; i < 100; i++) {
      dot += unit[i]! * q[i]! * scale;
      qq += (q[i]! * scale) ** 2;
    }
    expect(dot / Math.sqrt(qq)).toBeGreaterThan(0.9999);
    const buf = encodeGlove([{ word: 'x', rank: 1, scale, q }], 100);
    expect(decodeGlove(buf).index.get('x')).toBe(0);
    expect(() => decodeGlove(buf.subarray(0, buf.length - 1))).toThrow(/truncated/);
    expect(() => decodeGlove(Buffer.from('nope'))).toThrow(/not a GloVe table/);
  });

  it('converts once into the cache, atomically, and racing loads agree', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'glove-'));
    const pkg = fixture(dir);
    const [a, b] = await Promise.all([loadGloveTable(pkg, []), loadGloveTable(pkg, [])]);
    expect([...a.index.keys()]).toEqual([...b.index.keys()]);
    expect(readdirSync(pkg.defaultCacheDir)).toEqual([cacheFileName('9.9.9')]);
    // A broken cache file is converted again and replaced.
    writeFileSync(join(pkg.defaultCacheDir, cacheFileName('9.9.9')), 'broken');
    expect((await loadGloveTable(pkg, [])).index.size).toBe(4);
    expect(decodeGlove(readFileSync(join(pkg.defaultCacheDir, cacheFileName('9.9.9')))).index.size).toBe(4);
  });

  it('falls back to the next cache directory when the first cannot be written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'glove-'));
    const pkg = fixture(dir);
    writeFileSync(join(dir, 'blocked'), 'a file where a directory should be');
    const ro = { ...pkg, defaultCacheDir: join(dir, 'blocked', 'cache') };
    const other = join(dir, 'data-cache');
    await loadGloveTable(ro, [other]);
    expect(existsSync(join(other, cacheFileName('9.9.9')))).toBe(true);
  });
});
