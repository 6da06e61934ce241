import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import JSZip from "jszip";
import { createRequire } from "node:module";
import { SettingsStore } from "../storage/SettingsStore.js";
import { parseJson } from "../../../shared/parseJson.js";
import { PackageJsonSchema } from "./appVersion.js";
import { redactLogText } from "./fileLogger.js";

/**
 * 导出诊断信息: a zip for the IT desk with the log files, the versions of the app and its native
 * parts, and the settings — no documents, sources, chunks, sessions or keys. Every text is
 * redacted again on the way out.
 */
export async function exportDiagnostics(options: {
  dataDir: string;
  out: string;
  appVersion: string;
  secrets?: ReadonlyArray<string | null | undefined>;
}): Promise<string[]> {
  const dataDir = path.resolve(options.dataDir);
  const secrets = options.secrets ?? [];
  const zip = new JSZip();
  const entries: string[] = [];
  const logs = path.join(dataDir, "logs");
  if (fs.existsSync(logs)) {
    for (const name of fs
      .readdirSync(logs)
      .filter((file) => file.endsWith(".log"))
      .sort()) {
      zip.file(`logs/${name}`, redactLogText(fs.readFileSync(path.join(logs, name), "utf8"), secrets));
      entries.push(`logs/${name}`);
    }
  }
  zip.file("versions.json", JSON.stringify(versions(options.appVersion), null, 2));
  entries.push("versions.json");
  zip.file("settings.json", redactLogText(JSON.stringify(readSettings(dataDir), null, 2), secrets));
  entries.push("settings.json");
  fs.mkdirSync(path.dirname(path.resolve(options.out)), { recursive: true });
  fs.writeFileSync(options.out, await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" }));
  return entries;
}

function versions(appVersion: string): Record<string, unknown> {
  const packageVersion = (name: string) => {
    try {
      // A package's exports map may hide package.json: walk up from its entry point instead.
      let dir = path.dirname(createRequire(import.meta.url).resolve(name));
      for (;;) {
        const file = path.join(dir, "package.json");
        if (fs.existsSync(file)) {
          const pkg = parseJson(PackageJsonSchema, fs.readFileSync(file, "utf8"), file);
          if (pkg.name === name) return pkg.version ?? null;
        }
        if (path.dirname(dir) === dir) return null;
        dir = path.dirname(dir);
      }
    } catch {
      return null;
    }
  };
  return {
    app: appVersion,
    node: process.versions.node,
    electron: process.versions.electron ?? null,
    platform: `${process.platform} ${os.release()} ${process.arch}`,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    cpus: os.cpus().length,
    sqlite: (() => {
      const db = new Database(":memory:");
      try {
        return (db.prepare("SELECT sqlite_version() AS v").get() as { v: string }).v;
      } finally {
        db.close();
      }
    })(),
    lancedb: packageVersion("@lancedb/lancedb"),
    "node-llama-cpp": packageVersion("node-llama-cpp"),
  };
}

/** The settings as the app reads them (defaults filled in); an unreadable app.db is said, not fatal. */
function readSettings(dataDir: string): unknown {
  const file = path.join(dataDir, "app.db");
  if (!fs.existsSync(file)) return { note: "no app.db in the data dir" };
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return new SettingsStore(db).get();
    } finally {
      db.close();
    }
  } catch (error) {
    return { error: `app.db could not be read: ${(error as Error).message}` };
  }
}
