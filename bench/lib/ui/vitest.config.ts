import { defineConfig } from "vitest/config";

/**
 * The root config only collects shared/, electron/, renderer/ and tests/; this one runs the UI
 * bench's own tests and nothing else: `npx vitest run --config bench/lib/ui/vitest.config.ts`.
 */
export default defineConfig({
  test: {
    root: new URL("../../..", import.meta.url).pathname,
    include: ["bench/lib/ui/**/*.test.ts"],
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
