import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

// The node_modules sweep (test/slow/) takes minutes: it is a project of its own, so
// `npm run test:unit` can skip it while `npm test` still runs it (`npm run test:slow`).
// `npx vitest run <file>` finds a file in either project.
export default defineConfig({
  test: {
    setupFiles: ["test/setup.ts"],
    testTimeout: 30_000,
    // vitest's default for `run` leaves one core to its main process, which mostly waits: on a
    // 2-core machine (CI's) that is a single worker. Use every core there, the default elsewhere.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["test/**/*.test.ts"], exclude: [...configDefaults.exclude, "test/slow/**", "test/fixtures/**"] },
      },
      { extends: true, test: { name: "slow", include: ["test/slow/**/*.test.ts"] } },
    ],
  },
});
