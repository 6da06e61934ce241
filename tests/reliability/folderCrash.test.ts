import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { KnowledgeService } from "../../electron/engine/knowledge/KnowledgeService.js";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";

/**
 * SIGKILL a process that is importing a bound folder (real LanceDB, app.db and chokidar; a slow
 * embedder that logs what it embeds), change the folder while it is down (edit, add, delete),
 * restart it: its reconcile pass must leave the index equal to a fresh import of the folder,
 * embed nothing from files that were finished and unchanged, and prune the deleted file.
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const MAIN = path.join(REPO_ROOT, "tests/reliability/helpers/folderSyncMain.ts");
const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "folder-crash-")));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  fs.rmSync(root, { recursive: true, force: true });
});

function start(args: string[]): { child: ChildProcess; waitFor: (pattern: RegExp) => Promise<string> } {
  // node with tsx as a loader (not the tsx CLI, which forks: SIGKILL would hit only the wrapper).
  const child = spawn(process.execPath, ["--import", "tsx", MAIN, ...args], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, LANCEDB_LOG: "error" } });
  children.push(child);
  let output = "";
  const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      const match = output.match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match[0]);
      }
    }
  };
  child.stdout!.on("data", (data: Buffer) => {
    output += data.toString();
    check();
  });
  child.stderr!.on("data", (data: Buffer) => (output += data.toString()));
  const waitFor = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; output:\n${output}`)), 120_000);
      waiters.push({ pattern, resolve: (line) => (clearTimeout(timer), resolve(line)) });
      child.once("exit", () => setTimeout(() => reject(new Error(`child exited; output:\n${output}`)), 50));
      check();
    });
  return { child, waitFor };
}

const section = (file: number, n: number) => `## 第${n}节 file${file}\n\n文件${file}的第${n}段：写作需要反复修改，section ${n} of file ${file}.\n`;

describe("folder sync survives kill -9", () => {
  it("restart reconciles to a fresh import, re-embeds no finished unchanged file, prunes deletes", async () => {
    const folder = path.join(root, "notes");
    const dataDir = path.join(root, "data");
    const log = path.join(root, "embedded.log");
    fs.mkdirSync(folder, { recursive: true });
    for (let f = 1; f <= 10; f++) fs.writeFileSync(path.join(folder, `f${String(f).padStart(2, "0")}.md`), `# 文件 ${f}\n\n${[1, 2, 3].map((n) => section(f, n)).join("\n")}`);

    const first = start([dataDir, log, "bind", folder]);
    await first.waitFor(/file 4\/10/);
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    expect(first.child.signalCode).toBe("SIGKILL");

    // What the killed run finished (app.db says indexed) — and a file it cut off, if any.
    const db = AppDb.open(dataDir);
    const states = db.db.prepare("SELECT rel_path, state FROM folder_files ORDER BY rel_path").all() as Array<{ rel_path: string; state: string }>;
    db.close();
    const finished = states.filter((s) => s.state === "indexed").map((s) => s.rel_path);
    expect(finished.length).toBeGreaterThanOrEqual(3);
    expect(finished.length).toBeLessThan(10);

    // While it is down: edit a finished file, delete another finished one, add a new one.
    const [edited, deleted] = finished as [string, string];
    fs.writeFileSync(path.join(folder, edited), `# 改过\n\n${section(99, 1)}`);
    fs.rmSync(path.join(folder, deleted));
    fs.writeFileSync(path.join(folder, "new.md"), `# 新\n\n${section(100, 1)}`);
    const embeddedBefore = fs.readFileSync(log, "utf8").split("\n").filter(Boolean).length;

    const second = start([dataDir, log, "start"]);
    await second.waitFor(/DONE .*/);
    second.child.kill("SIGKILL");
    await new Promise((resolve) => second.child.once("exit", resolve));

    // Nothing from a finished, unchanged file was embedded again.
    const reembedded = fs.readFileSync(log, "utf8").split("\n").filter(Boolean).slice(embeddedBefore).map((line) => JSON.parse(line) as string);
    const untouched = finished.filter((f) => f !== edited && f !== deleted);
    for (const file of untouched) {
      const id = Number(file.slice(1, 3));
      expect(reembedded.filter((text) => text.includes(`file ${id}.`))).toEqual([]);
    }
    // The edit and the new file were embedded; the unfinished files too; nothing more.
    expect(reembedded.some((text) => text.includes("file 99."))).toBe(true);
    expect(reembedded.some((text) => text.includes("file 100."))).toBe(true);
    console.log(`[folderCrash] killed after ${finished.length}/10 files; restart embedded ${reembedded.length} chunks (before the kill: ${embeddedBefore})`);
    const expectedFiles = 10 - finished.length + 2; // unfinished ones, the edit, the new file
    expect(reembedded.length).toBeLessThanOrEqual(expectedFiles * 4);

    // The index equals a fresh import; the deleted file is gone from LanceDB and app.db.
    const check = AppDb.open(dataDir);
    const resumed = new KnowledgeService({ dataDir, db: check.db, embedder: new HashEmbedder(32) });
    const freshDir = path.join(root, "fresh");
    const freshDb = AppDb.open(freshDir);
    const fresh = new KnowledgeService({ dataDir: freshDir, db: freshDb.db, embedder: new HashEmbedder(32) });
    try {
      await fresh.ingest({ paths: [folder], collection: "library" });
      const resumedChunks = await resumed.indexedChunks("library");
      expect(resumedChunks).toEqual(await fresh.indexedChunks("library"));
      expect(resumed.sources("library").map((s) => path.relative(folder, s.path)).sort()).toEqual(
        fresh.sources("library").map((s) => path.relative(folder, s.path)).sort(),
      );
      expect(resumed.sources("library").some((s) => s.path.endsWith(deleted))).toBe(false);
      const rows = check.db.prepare("SELECT rel_path, state FROM folder_files ORDER BY rel_path").all() as Array<{ rel_path: string; state: string }>;
      expect(rows.every((row) => row.state === "indexed")).toBe(true);
      expect(rows.map((row) => row.rel_path)).not.toContain(deleted);
      const chunkRows = check.db.prepare("SELECT count(*) AS n FROM chunks WHERE collection = 'library'").get() as { n: number };
      expect(chunkRows.n).toBe(resumedChunks.length);
    } finally {
      await resumed.close();
      await fresh.close();
      check.close();
      freshDb.close();
    }
  }, 240_000);
});
