import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE_ENTRY, fakeBundle } from './testing/fake-bundle';
import { BUILD_INFO_FILE, checkWidgetBundle, WidgetBundleError } from './widget-bundle';

describe('the widget bundle the server serves', () => {
  it('is accepted when whole and built for this WIDGET_API_URL', () => {
    expect(checkWidgetBundle(fakeBundle(), '').entry).toBe(FAKE_ENTRY);
    const api = 'https://api.example.com';
    expect(checkWidgetBundle(fakeBundle({ widgetApiUrl: api }), api).widgetApiUrl).toBe(api);
  });

  it('is refused when missing, incomplete or from an older build, naming npm run build', () => {
    const empty = mkdtempSync(join(tmpdir(), 'dist-'));
    const noEntry = fakeBundle();
    rmSync(join(noEntry, FAKE_ENTRY));
    const older = fakeBundle();
    writeFileSync(join(older, BUILD_INFO_FILE), JSON.stringify({ entry: FAKE_ENTRY, sourceHash: 'x' }));
    for (const dir of [empty, noEntry, older]) {
      expect(() => checkWidgetBundle(dir, ''), dir).toThrow(WidgetBundleError);
      expect(() => checkWidgetBundle(dir, ''), dir).toThrow(/No built widget in .*\n {2}npm run build\n/);
    }
    expect(() => checkWidgetBundle(empty, 'https://api.example.com')).toThrow(
      /\n {2}WIDGET_API_URL=https:\/\/api\.example\.com npm run build\n/,
    );
  });

  it('is refused when built for another WIDGET_API_URL, naming the one command that rebuilds', () => {
    const dir = fakeBundle({ widgetApiUrl: 'https://api.example.com' });
    expect(() => checkWidgetBundle(dir, 'https://other.example.com')).toThrow(
      'built with WIDGET_API_URL=https://api.example.com, but this environment has WIDGET_API_URL=https://other.example.com. ' +
        'The bundle is never rebuilt silently: rebuild it with\n  WIDGET_API_URL=https://other.example.com npm run build',
    );
    expect(() => checkWidgetBundle(dir, '')).toThrow(
      /this environment has no WIDGET_API_URL\. .*rebuild it with\n {2}npm run build {3}\(WIDGET_API_URL unset\)/,
    );
    expect(() => checkWidgetBundle(fakeBundle(), 'https://api.example.com')).toThrow(
      /built with no WIDGET_API_URL, but this environment has WIDGET_API_URL=https:\/\/api\.example\.com/,
    );
  });
});
