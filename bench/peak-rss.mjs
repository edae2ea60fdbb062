// Preloaded by bench/startup.ts (node --import): when the process ends, writes its peak resident
// set size in kB and its CPU time (user + system) in ms to the file named by RISK_BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.RISK_BENCH_RSS_FILE;
if (file) {
  const write = () => {
    const usage = process.resourceUsage();
    writeFileSync(file, `${usage.maxRSS} ${(usage.userCPUTime + usage.systemCPUTime) / 1000}`);
  };
  process.on('exit', write);
  for (const signal of ['SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      write();
      process.exit(128 + (signal === 'SIGTERM' ? 15 : 1));
    });
  }
}
