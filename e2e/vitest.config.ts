import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    setupFiles: ['e2e/support/leak-check.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // expect.poll waits 1 s by default, too short for a browser round trip on a loaded 2-core CI machine
    // (proactive's racing-contexts test timed out there); Playwright's own waits allow 30 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
