import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Tests that start the real `risk` program run the compiled dist/: build it from the sources
    // under test first, so that they never run a stale build.
    globalSetup: ['tests/build-dist.ts'],
  },
});
