import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder that holds `models/catalog.json` and `rules/`: the repo root when running from
 * source (electron/engine/ports/ is three levels down), the app folder when bundled
 * (dist-electron/main/ is two). Found by walking up from `from` rather than by a fixed depth,
 * because the bundler moves this code to a different depth.
 */
export function defaultAppRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = path.resolve(from);
  for (let depth = 0; depth < 6; depth++) {
    if (fs.existsSync(path.join(dir, "models", "catalog.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return path.resolve(from, "..", "..", "..");
}
