import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_INFO_FILE, type BuildInfo } from '../widget-bundle';

export const FAKE_ENTRY = 'assets/widget-abc123.js';

/** A dist/ in a temp dir shaped like a build (loader, entry, build record), without running vite. */
export function fakeBundle(info: Partial<BuildInfo> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'l.js'), 'console.log("loader")');
  writeFileSync(join(dir, FAKE_ENTRY), 'export {}');
  const record: BuildInfo = {
    entry: FAKE_ENTRY,
    sourceHash: 'not-these-sources',
    widgetApiUrl: '',
    builtAt: new Date().toISOString(),
    ...info,
  };
  writeFileSync(join(dir, BUILD_INFO_FILE), `${JSON.stringify(record, null, 2)}\n`);
  return dir;
}
