import fs from "node:fs";
import path from "node:path";
import { defaultAppRoot } from "../defaultAppRoot.js";

/** The app's version from its package.json (the repo root, or the packaged app folder). */
export function appVersion(appRoot: string = defaultAppRoot()): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(appRoot, "package.json"), "utf8")) as { version?: string }).version ?? "unknown";
  } catch {
    return "unknown";
  }
}
