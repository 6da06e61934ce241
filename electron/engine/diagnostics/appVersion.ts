import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseJson } from "../../../shared/parseJson.js";
import { defaultAppRoot } from "../defaultAppRoot.js";

/** The fields of a package.json the app reads (its own version, a dependency's name and version). */
export const PackageJsonSchema = z.looseObject({ name: z.string().optional(), version: z.string().optional() });

/** The app's version from its package.json (the repo root, or the packaged app folder). */
export function appVersion(appRoot: string = defaultAppRoot()): string {
  try {
    const file = path.join(appRoot, "package.json");
    return parseJson(PackageJsonSchema, fs.readFileSync(file, "utf8"), file).version ?? "unknown";
  } catch {
    return "unknown";
  }
}
