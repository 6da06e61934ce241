import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{shared,electron,renderer,tests,bench}/**/*.test.{ts,tsx}"],
    // Model tests load native llama.cpp; two workers keep the 2-core CI machine from thrashing.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { LANCEDB_LOG: "error" },
  },
});
