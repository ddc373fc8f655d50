import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'server-core/**/*.test.ts',
      'bff/**/*.test.ts',
      'runtime/**/*.test.ts',
      'widget/**/*.test.ts',
      'loader/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
      'mcp/**/*.test.ts',
    ],
    globalSetup: ['server-core/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most files wait on a database or a socket, so three workers keep two cores busy; modules are
    // shared between the files of one worker (every file imports the whole app: 0.85 s each otherwise).
    maxWorkers: 3,
    isolate: false,
  },
});
