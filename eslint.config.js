// Layer rules from ARCHITECTURE.md: a folder says where its code runs.
// renderer → shared only · shared → nothing platform-specific · engine never imports electron.
import tseslint from "typescript-eslint";
import { workflowBoundaries } from "./build/eslint/workflowBoundaries.js";
import { featureBoundaries } from "./build/eslint/featureBoundaries.js";

const nodeBuiltins = ["node:*", "fs", "fs/*", "path", "os", "child_process", "crypto", "http", "https", "net", "url", "stream", "stream/*", "worker_threads", "util", "events", "zlib", "readline", "buffer", "process"];

const layer = (files, patterns, message) => ({
  files,
  rules: {
    "no-restricted-imports": ["error", { patterns: patterns.map((group) => ({ group: [group], message })) }],
  },
});

export default tseslint.config(
  { ignores: ["node_modules/**", "dist/**", "dist-electron/**", "release/**", "tests/e2e/artifacts/**", "tests/fixtures/generated/**"] },
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parser: tseslint.parser, ecmaVersion: "latest", sourceType: "module" },
    plugins: { "@typescript-eslint": tseslint.plugin },
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "no-debugger": "error",
      // Code lines stay readable side by side in a review; prompt text and other long strings,
      // template literals, URLs and regular expressions do not count.
      "max-len": ["error", { code: 160, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true }],
    },
  },
  layer(["shared/**/*.ts"], [...nodeBuiltins, "electron", "electron/*", "**/electron/**", "**/renderer/**", "react", "react-dom"],
    "shared/ is platform-neutral: no node, DOM, electron or renderer imports."),
  layer(["renderer/**/*.{ts,tsx}"], [...nodeBuiltins, "electron", "electron/*", "**/electron/**"],
    "renderer/ talks to the engine only through shared/ and a transport."),
  layer(["electron/engine/**/*.ts"], ["electron", "electron/*", "**/electron/main/**", "**/electron/server/**", "**/electron/cli/**", "**/renderer/**"],
    "electron/engine/ is pure Node: it never imports electron or an adapter."),
  // A workflow folder never imports another workflow folder (shared helpers go to workflows/common/):
  // one rule for every folder under workflows/, present and future (build/eslint/workflowBoundaries.js).
  {
    files: ["electron/engine/workflows/**/*.ts"],
    plugins: { scriptorium: { rules: { "workflow-boundaries": workflowBoundaries } } },
    rules: { "scriptorium/workflow-boundaries": "error" },
  },
  // The renderer's store imports no feature, and only features/registry.ts imports a workflow's feature
  // folder (build/eslint/featureBoundaries.js); tests included, so a test reaches a screen the way the app does.
  {
    files: ["renderer/**/*.{ts,tsx}"],
    plugins: { "scriptorium-renderer": { rules: { "feature-boundaries": featureBoundaries } } },
    rules: { "scriptorium-renderer/feature-boundaries": "error" },
  },
  // Test doubles, fixtures and kits live in electron/engine/testing/; production code never imports them.
  // A rule name of its own so it stacks with the layer rules above instead of replacing them.
  {
    files: ["shared/**/*.ts", "electron/**/*.ts", "renderer/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "electron/engine/testing/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [{ group: ["**/testing/**", "./testing/*", "../testing/*"],
        message: "electron/engine/testing/ is for tests only: production code must not import test doubles or fixtures." }] }],
    },
  },
  layer(["electron/server/**/*.ts", "electron/cli/**/*.ts"], ["electron", "electron/*", "**/renderer/**", "**/electron/main/**"],
    "server/ and cli/ run under plain Node: no electron, no renderer."),
);
