import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{shared,electron,renderer,tests,bench}/**/*.test.{ts,tsx}"],
    // Model tests load native llama.cpp; two workers keep the 2-core CI machine from thrashing.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { LANCEDB_LOG: "error" },
    // expect.poll's 1 s default is too short for a browser or server answering on a busy 2-core CI machine.
    expect: { poll: { timeout: 20_000 } },
  },
});
