// Bundle the Electron main process and preload with esbuild.
//   node build/buildElectron.mjs [--outdir dist-electron/main] [--watch]
// main.js:     ESM for Electron's Node; every npm package stays external (native addons such as
//              node-llama-cpp, @lancedb/lancedb and better-sqlite3 cannot be bundled, and the rest
//              ships in node_modules anyway).
// preload.cjs: CommonJS, because a sandboxed preload cannot load ES modules or node_modules:
//              everything except `electron` is bundled into it.
import { build, context } from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { outdir: { type: "string" }, watch: { type: "boolean" } } });
const outdir = path.resolve(root, values.outdir ?? "dist-electron/main");

/** Electron 45 ships Node 22 and Chromium 140. */
const common = { bundle: true, sourcemap: "linked", logLevel: "warning", absWorkingDir: root, legalComments: "none" };

const configs = [
  {
    ...common,
    entryPoints: { main: "electron/main/main.ts" },
    outdir,
    platform: "node",
    target: "node22",
    format: "esm",
    packages: "external",
    outExtension: { ".js": ".js" },
  },
  {
    ...common,
    entryPoints: { preload: "electron/main/preload.ts" },
    outdir,
    platform: "browser",
    target: "chrome140",
    format: "cjs",
    external: ["electron"],
    // zod and the contract are bundled in; minifying keeps the per-window preload small.
    minify: true,
    outExtension: { ".js": ".cjs" },
  },
];

if (values.watch) {
  for (const config of configs) await (await context(config)).watch();
  console.log(`watching → ${path.relative(root, outdir)}`);
} else {
  await Promise.all(configs.map((config) => build(config)));
  console.log(`built ${path.relative(root, outdir)}/main.js and preload.cjs`);
}
