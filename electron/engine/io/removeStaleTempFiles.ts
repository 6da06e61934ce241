import fs from "node:fs";
import path from "node:path";
import { processAlive } from "./processAlive.js";

/** `tempPathFor`'s shape: `.name.<pid>.<12 hex>.tmp`. */
const TEMP_NAME = /^\..+\.(\d+)\.[0-9a-f]{12}\.tmp$/;

/**
 * Removes the temp files of atomic writes whose process is gone (killed mid-write: the target kept
 * its old content, the temp file is garbage). Files of a live process — this one or another engine
 * on the same data dir — are left alone. Returns how many were removed; never throws.
 */
export function removeStaleTempFiles(dir: string): number {
  let removed = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const match = entry.isFile() ? TEMP_NAME.exec(entry.name) : null;
    if (!match || processAlive(Number(match[1]))) continue;
    try {
      fs.rmSync(path.join(entry.parentPath, entry.name), { force: true });
      removed++;
    } catch {
      // An unreadable leftover is harmless: it is never read.
    }
  }
  return removed;
}

