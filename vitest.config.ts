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
  },
});
