import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (whole games, separate processes, terminals, a browser), longest
 * first, as measured on the 2-core machine. A fresh clone has no timings of its own, and vitest
 * then starts the biggest files first: these, mostly small files, were left to run alone at the end.
 */
const LONGEST_FIRST = [
  'tests/views/e2e-games.test.ts',
  'tests/controller/rogue.test.ts',
  'tests/controller/rejoin-processes.test.ts',
  'tests/controller/chaos.test.ts',
  'tests/controller/dice-equivocation.test.ts',
  'tests/controller/mesh.test.ts',
  'tests/controller/class-interop.test.ts',
  'tests/controller/slow-links.test.ts',
  'tests/controller/variants-rogue.test.ts',
  'tests/controller/house-rules-net.test.ts',
  'tests/controller/processes.test.ts',
  'tests/controller/process-variants.test.ts',
  'tests/store/network-resume.test.ts',
  'tests/views/web/browser.test.ts',
  'tests/controller/opening-crash.test.ts',
  'tests/controller/risc-net.test.ts',
  'tests/controller/dice-chain-rogues.test.ts',
  'tests/controller/variants-net.test.ts',
  'tests/controller/core-games.test.ts',
  'tests/protocol/secret-deal.test.ts',
  'tests/views/risc-tmux.test.ts',
];

/** vitest's order (by its timings of the last run when it has them), with the longest files first. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const path = file.moduleId.replaceAll('\\', '/');
      const at = LONGEST_FIRST.findIndex((long) => path.endsWith(`/${long}`));
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((file, order) => ({ file, order, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    // Tests that start the real `risk` program run the compiled dist/: build it from the sources
    // under test first, so that they never run a stale build.
    globalSetup: ['tests/build-dist.ts'],
    // The machines are 2 cores shared by several jobs: vitest's 5 s default fails tests that are
    // merely slow there (a UI turn, worker threads compiling the sources). Still bounded.
    testTimeout: 30_000,
    // Many files wait on sockets, child processes and timers rather than the CPU: more workers than
    // cores keeps the whole run well inside CI's ten minutes on a 2-core machine (a fresh clone,
    // 2026-11-27: vitest 504 s with 3 workers, 396 s with 4, every test passing in both).
    maxWorkers: 4,
    sequence: { sequencer: LongestFirst },
  },
});
