import { configDefaults, defineConfig } from "vitest/config";

/**
 * Test tiers, chosen by where a file lives and how it is named — so a new folder
 * (workflows/docgen, workflows/paper, electron/mcp, tests/**) lands in the right tier untouched:
 *   e2e          tests/e2e/**                 the real engine served to Debian's Chromium
 *   reliability  tests/reliability/**         crashes, faults, load, hostile input
 *   model        *.model.test.ts elsewhere    real node-llama-cpp on the tiny GGUF
 *   real         *.real.test.ts anywhere      the real instruction-tuned model (npm run model:real)
 *   unit         every other *.test.ts(x)     no model, no browser: the fast loop
 * `npm test` runs all five; `npm run test:<tier>` runs one.
 */
const ALL = "{shared,electron,renderer,tests,bench}/**/*.test.{ts,tsx}";
const MODEL = "**/*.model.test.{ts,tsx}";
const REAL = "**/*.real.test.{ts,tsx}";
const E2E = "tests/e2e/**";
const RELIABILITY = "tests/reliability/**";

const tier = (name: string, include: string[], exclude: string[], options: { fileParallelism?: boolean } = {}) => ({
  extends: true as const,
  test: { name, include, exclude: [...configDefaults.exclude, ...exclude], ...options },
});

export default defineConfig({
  test: {
    // Model tests load native llama.cpp; two workers keep the 2-core CI machine from thrashing.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { LANCEDB_LOG: "error" },
    // expect.poll's 1 s default is too short for a browser or server answering on a busy 2-core CI machine.
    expect: { poll: { timeout: 20_000 } },
    projects: [
      tier("unit", [ALL], [MODEL, REAL, E2E, RELIABILITY]),
      tier("model", [MODEL], [REAL, E2E, RELIABILITY]),
      // One real-model file at a time: llama.cpp's compute threads spin-wait at each barrier, so two
      // files' threads on CI's 2 cores slowed generation about 40-fold and every long run timed out.
      // A project inherits the root's maxWorkers; the CLI's --maxWorkers does not reach it.
      tier("real", [REAL], [], { fileParallelism: false }),
      tier("e2e", [`${E2E}/*.test.{ts,tsx}`], [REAL]),
      tier("reliability", [`${RELIABILITY}/*.test.{ts,tsx}`], [REAL]),
    ],
  },
});
