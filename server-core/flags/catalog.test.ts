import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_FLAGS, FLAGS, type Flag } from './catalog';

const ROOT = join(import.meta.dirname, '../..');

/** The non-test sources of the service (the catalog itself and generated files left out). */
function sources(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing' && entry.name !== 'openapi') sources(path, found);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      found.push(path);
    }
  }
  return found;
}

describe('the flag catalog', () => {
  it('marks built only flags that code reads (bff/, server-core/, widget/, runtime/)', () => {
    const code = ['bff', 'server-core', 'widget', 'runtime']
      .flatMap((d) => sources(d))
      .filter((f) => f !== join('server-core', 'flags', 'catalog.ts'))
      .map((f) => ({ file: relative(ROOT, join(ROOT, f)), text: readFileSync(join(ROOT, f), 'utf8') }));
    const readBy = (flag: Flag) => code.filter((c) => c.text.includes(`'${flag}'`)).map((c) => c.file);
    for (const flag of BUILT_FLAGS) expect(readBy(flag), `${flag} is marked built`).not.toEqual([]);
    expect(readBy('feature.walkthrough.player')).toContain(join('bff', 'routes', 'widget', 'guide.ts'));
    // The flags of features not built yet: nothing reads them. (feature.walkthrough.player was one
    // until issue 13 gated GET /widget/guides/{guideId} with it, and feature.automation.execute until issue 15
    // gated the automation runs, and feature.oauth.app_platform until issue 19 gated app registration and
    // the consent flow, and feature.helpcenter.sign_in_url until issue 22 gated setHelpCenterSignInUrl.)
    const unbuilt = (Object.keys(FLAGS) as Flag[]).filter((f) => !FLAGS[f].built);
    expect(readBy('feature.automation.execute')).toContain(
      join('bff', 'routes', 'widget', 'automation-runs.ts'),
    );
    expect(readBy('feature.oauth.app_platform')).toContain(join('bff', 'routes', 'portal', 'oauth-apps.ts'));
    expect(readBy('feature.helpcenter.sign_in_url')).toContain(
      join('bff', 'routes', 'portal', 'help-center-signing.ts'),
    );
    expect(readBy('feature.data_exports')).toContain(join('bff', 'routes', 'portal', 'data-exports.ts'));
    // Every flag of the catalog is built now.
    expect(unbuilt).toEqual([]);
    expect(Object.fromEntries(unbuilt.map((f) => [f, readBy(f)]))).toEqual({});
  });
});
