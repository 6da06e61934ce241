import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import JSZip from "jszip";
import { z } from "zod";
import { ScriptoriumError } from "../../../shared/errors.js";
import { parseJson } from "../../../shared/parseJson.js";

/** What a backup holds, beside `app.db` (settings, sessions, sources and chunks live there). */
const FOLDERS = ["lancedb", "guides"] as const;
const FILES = ["providers.json"] as const;
const SECRETS_FILE = "secrets.json";
const MANIFEST = "scriptorium-backup.json";
const FORMAT = 1;

export interface BackupManifest {
  format: number;
  createdAt: string;
  /** Whether `secrets.json` (provider and endpoint keys) is inside. */
  withSecrets: boolean;
  entries: string[];
}

/** Only the format first, so a newer version's backup is named as such whatever else it holds. */
const ManifestFormatSchema = z.looseObject({ format: z.number() });
const BackupManifestSchema: z.ZodType<BackupManifest> = z.object({
  format: z.number(),
  createdAt: z.string(),
  withSecrets: z.boolean(),
  entries: z.array(z.string()),
});

/**
 * Zips a data dir: `app.db` through SQLite's online backup (consistent while the app writes to
 * it), the local LanceDB tables, the user's style guides and `providers.json`. `secrets.json` only
 * with `withSecrets` (Electron's OS-encrypted keys cannot be carried to another machine at all).
 * Models are not included: they are large and downloadable again.
 */
export async function createBackup(options: { dataDir: string; out: string; withSecrets?: boolean }): Promise<BackupManifest> {
  const dataDir = path.resolve(options.dataDir);
  const appDb = path.join(dataDir, "app.db");
  if (!fs.existsSync(appDb)) throw new ScriptoriumError("not_found", `No app.db in ${dataDir}: nothing to back up.`, { dataDir });
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-backup-"));
  try {
    const copy = path.join(staging, "app.db");
    const db = new Database(appDb, { readonly: true, fileMustExist: true });
    try {
      await db.backup(copy);
    } finally {
      db.close();
    }
    const zip = new JSZip();
    const entries: string[] = [];
    const add = (name: string, file: string) => {
      zip.file(name, fs.createReadStream(file));
      entries.push(name);
    };
    add("app.db", copy);
    for (const folder of FOLDERS) for (const file of walk(path.join(dataDir, folder))) add(toEntry(path.relative(dataDir, file)), file);
    for (const file of FILES) if (fs.existsSync(path.join(dataDir, file))) add(file, path.join(dataDir, file));
    const withSecrets = options.withSecrets === true && fs.existsSync(path.join(dataDir, SECRETS_FILE));
    if (withSecrets) add(SECRETS_FILE, path.join(dataDir, SECRETS_FILE));
    const manifest: BackupManifest = { format: FORMAT, createdAt: new Date().toISOString(), withSecrets, entries };
    zip.file(MANIFEST, JSON.stringify(manifest, null, 2));
    fs.mkdirSync(path.dirname(path.resolve(options.out)), { recursive: true });
    const partial = `${path.resolve(options.out)}.partial`;
    await new Promise<void>((resolve, reject) => {
      zip
        .generateNodeStream({ type: "nodebuffer", streamFiles: true, compression: "DEFLATE", compressionOptions: { level: 6 } })
        .on("error", reject)
        .pipe(fs.createWriteStream(partial))
        .on("error", reject)
        .on("finish", () => resolve());
    });
    fs.renameSync(partial, path.resolve(options.out));
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Restores a backup into a data dir. Refused while a run of that data dir is active (a session
 * `running` in its app.db). What the data dir held before is moved to
 * `<dataDir>/before-restore-<time>/`, never deleted. Returns the manifest and where the old files went.
 */
export async function restoreBackup(options: {
  dataDir: string;
  zip: string;
  skipRunCheck?: boolean;
}): Promise<{ manifest: BackupManifest; keptAs: string | null }> {
  const dataDir = path.resolve(options.dataDir);
  const { zip, manifest, names } = await readBackup(options.zip);
  // The next start applies a staged restore before anything runs: the check was made when it was staged.
  if (!options.skipRunCheck) assertNoActiveRun(dataDir);

  // Move what is there aside first: a restore never destroys data.
  const present = ["app.db", "app.db-wal", "app.db-shm", ...FOLDERS, ...FILES, ...(names.includes(SECRETS_FILE) ? [SECRETS_FILE] : [])].filter((name) =>
    fs.existsSync(path.join(dataDir, name)),
  );
  let keptAs: string | null = null;
  if (present.length > 0) {
    keptAs = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`);
    fs.mkdirSync(keptAs, { recursive: true });
    for (const name of present) fs.renameSync(path.join(dataDir, name), path.join(keptAs, name));
  }
  for (const name of names) {
    const target = path.join(dataDir, ...name.split("/"));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    await new Promise<void>((resolve, reject) => {
      zip.file(name)!.nodeStream().on("error", reject).pipe(fs.createWriteStream(target)).on("error", reject).on("finish", () => resolve());
    });
  }
  return { manifest, keptAs };
}

/** Opens and checks a backup zip: a Scriptorium backup of this format, every entry inside the data dir. */
export async function readBackup(file: string): Promise<{ zip: JSZip; manifest: BackupManifest; names: string[] }> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(fs.readFileSync(file));
  } catch (error) {
    throw new ScriptoriumError("bad_request", `${file} is not a readable zip file: ${(error as Error).message}`, { file });
  }
  const manifestEntry = zip.file(MANIFEST);
  if (!manifestEntry || !zip.file("app.db")) {
    throw new ScriptoriumError("bad_request", `${file} is not a Scriptorium backup (no ${MANIFEST} or app.db in it).`, { file });
  }
  const manifestText = await manifestEntry.async("string");
  const { format } = parseJson(ManifestFormatSchema, manifestText, `${file}: ${MANIFEST}`);
  if (format !== FORMAT) {
    throw new ScriptoriumError("bad_request", `${file} is a backup of format ${format}; this version restores format ${FORMAT}.`);
  }
  const manifest = parseJson(BackupManifestSchema, manifestText, `${file}: ${MANIFEST}`);
  const names = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir && name !== MANIFEST);
  for (const name of names) {
    if (!isSafeEntry(name)) throw new ScriptoriumError("bad_request", `${file} holds an entry outside the data dir: ${name}`, { entry: name });
  }
  return { zip, manifest, names };
}

/** A run in progress writes to app.db; replacing it under the run would lose or corrupt its work. */
export function assertNoActiveRun(dataDir: string): void {
  const appDb = path.join(dataDir, "app.db");
  if (!fs.existsSync(appDb)) return;
  const db = new Database(appDb, { readonly: true, fileMustExist: true });
  try {
    const hasSessions = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sessions'").get();
    const running = hasSessions ? (db.prepare("SELECT id, workflow FROM sessions WHERE status = 'running'").all() as Array<{ id: string; workflow: string }>) : [];
    if (running.length > 0) {
      throw new ScriptoriumError(
        "conflict",
        `A run is active in ${dataDir} (${running.map((r) => `${r.workflow} ${r.id}`).join(", ")}): finish or cancel it, close the app, then restore.`,
        { running: running.map((r) => r.id) },
      );
    }
  } finally {
    db.close();
  }
}

function isSafeEntry(name: string): boolean {
  if (name.startsWith("/") || name.includes("\\") || /^[a-zA-Z]:/.test(name)) return false;
  const parts = name.split("/");
  if (parts.some((part) => part === ".." || part === "")) return false;
  const top = parts[0]!;
  return top === "app.db" || top === SECRETS_FILE || (FILES as readonly string[]).includes(top) || (FOLDERS as readonly string[]).includes(top);
}

function* walk(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

function toEntry(relative: string): string {
  return relative.split(path.sep).join("/");
}
