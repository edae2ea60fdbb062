import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Tests that start the real `risk` program run the compiled dist/: build it from the sources
    // under test first, so that they never run a stale build.
    globalSetup: ['tests/build-dist.ts'],
    // The machines are 2 cores shared by several jobs: vitest's 5 s default fails tests that are
    // merely slow there (a UI turn, worker threads compiling the sources). Still bounded.
    testTimeout: 30_000,
    // Many files wait on sockets, child processes and timers rather than the CPU: more workers than
    // cores keeps the whole run well inside CI's ten minutes on a 2-core machine.
    maxWorkers: 3,
  },
});
