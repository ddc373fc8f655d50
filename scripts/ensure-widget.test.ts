import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeBundle } from '../runtime/testing/fake-bundle';
import { BUILD_INFO_FILE, readBuildInfo, WidgetBundleError } from '../runtime/widget-bundle';
import { widgetSourcesHash } from './build-widget';
import { ensureWidget, viteInstalled } from './ensure-widget';

const API = 'https://api.example.com';
const snapshot = (dir: string) => [
  readFileSync(join(dir, BUILD_INFO_FILE), 'utf8'),
  readFileSync(join(dir, 'l.js'), 'utf8'),
];

describe("npm start's widget step", () => {
  it('serves a bundle of these sources as it is', async () => {
    const dir = fakeBundle({ sourceHash: widgetSourcesHash(), widgetApiUrl: API });
    const before = snapshot(dir);
    expect(await ensureWidget({ distDir: dir, widgetApiUrl: API, canBuild: true })).toMatchObject({
      built: false,
      warning: null,
    });
    expect(snapshot(dir)).toEqual(before);
  });

  it('never rebuilds over a bundle built for another WIDGET_API_URL: it refuses, naming the command', async () => {
    for (const [built, wanted, command] of [
      ['', API, `WIDGET_API_URL=${API} npm run build`],
      [API, '', 'npm run build   (WIDGET_API_URL unset)'],
    ] as const) {
      // Stale sources too: even where it could build, it does not.
      const dir = fakeBundle({ widgetApiUrl: built });
      const before = snapshot(dir);
      const attempt = ensureWidget({ distDir: dir, widgetApiUrl: wanted, canBuild: true });
      await expect(attempt).rejects.toThrow(WidgetBundleError);
      await expect(attempt).rejects.toThrow(`rebuild it with\n  ${command}`);
      expect(snapshot(dir)).toEqual(before);
    }
  });

  it('without vite (a production install) serves a prebuilt bundle, and refuses a missing one clearly', async () => {
    const stale = fakeBundle();
    const before = snapshot(stale);
    const served = await ensureWidget({ distDir: stale, widgetApiUrl: '', canBuild: false });
    expect(served.built).toBe(false);
    expect(served.warning).toMatch(
      /vite is not installed here .* served as it is\. Rebuild it .*\(npm run build\)/,
    );
    expect(snapshot(stale)).toEqual(before);

    const partial = fakeBundle({ widgetApiUrl: API });
    rmSync(join(partial, 'l.js'));
    await expect(ensureWidget({ distDir: partial, widgetApiUrl: API, canBuild: false })).rejects.toThrow(
      /No built widget in .*vite is not installed here .*\n {2}WIDGET_API_URL=https:\/\/api\.example\.com npm run build\n/,
    );
  });

  it('with vite, rebuilds when the sources changed, keeping the API URL it was built with', async () => {
    expect(viteInstalled()).toBe(true);
    const dir = fakeBundle({ widgetApiUrl: API });
    const result = await ensureWidget({ distDir: dir, widgetApiUrl: API, canBuild: true });
    expect(result.built).toBe(true);
    expect(readBuildInfo(dir)).toMatchObject({ sourceHash: widgetSourcesHash(), widgetApiUrl: API });
    expect(existsSync(join(dir, result.info.entry))).toBe(true);
    expect(readFileSync(join(dir, result.info.entry), 'utf8')).toContain(API);
  }, 120_000);
});
