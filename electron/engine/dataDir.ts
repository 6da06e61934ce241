import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Where each part of the app's data lives; see ARCHITECTURE.md "Data directory". */
export interface DataDirLayout {
  root: string;
  models: string;
  cache: string;
  lancedb: string;
}

/** `--data-dir <path>` or `--data-dir=<path>` from argv, else null. */
export function dataDirFromArgv(argv: readonly string[]): string | null {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--data-dir") return argv[i + 1] ?? null;
    if (arg.startsWith("--data-dir=")) return arg.slice("--data-dir=".length);
  }
  return null;
}

/** Default data dir for the server and CLI: `~/.scriptorium`. Electron passes `app.getPath('userData')`. */
export function defaultDataDir(): string {
  return path.join(os.homedir(), ".scriptorium");
}

/**
 * Resolve the data dir (explicit value, else `--data-dir` in argv, else `~/.scriptorium`) and create
 * `models/`, `cache/` and `lancedb/` inside it.
 */
export function resolveDataDir(explicit?: string | null, argv: readonly string[] = process.argv): DataDirLayout {
  const chosen = explicit ?? dataDirFromArgv(argv) ?? defaultDataDir();
  const root = path.resolve(chosen.startsWith("~") ? path.join(os.homedir(), chosen.slice(1)) : chosen);
  const layout: DataDirLayout = {
    root,
    models: path.join(root, "models"),
    cache: path.join(root, "cache"),
    lancedb: path.join(root, "lancedb"),
  };
  for (const dir of [layout.root, layout.models, layout.cache, layout.lancedb]) fs.mkdirSync(dir, { recursive: true });
  return layout;
}
