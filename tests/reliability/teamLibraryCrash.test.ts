import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { KnowledgeService } from "../../electron/engine/knowledge/KnowledgeService.js";
import { resolveRemoteLibrary } from "../../electron/engine/knowledge/LibraryLocation.js";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { SettingsSchema } from "../../shared/models.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";
import { describeS3, startVersitygw, type S3Server } from "../team/versitygw.js";

/**
 * SIGKILL the writer of a team library on a real S3 server in the middle of an import, run it
 * again: the shared table then holds every file exactly once (no duplicate chunk, none missing).
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const MAIN = path.join(REPO_ROOT, "tests/reliability/helpers/teamIngestMain.ts");
const URI = "s3://team/crash";

describeS3("team library writer survives kill -9", (binary) => {
  let s3: S3Server;
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "team-crash-")));
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    s3 = await startVersitygw(binary);
    s3.bucket("team");
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await s3?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  function run(dataDir: string, folder: string, until: RegExp): Promise<{ child: ChildProcess; output: string }> {
    const child = spawn(process.execPath, ["--import", "tsx", MAIN, dataDir, URI, folder], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...s3.env(), LANCEDB_LOG: "error" },
    });
    children.push(child);
    let output = "";
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${until}; output:\n${output}`)), 240_000);
      const check = () => {
        if (until.test(output)) {
          clearTimeout(timer);
          resolve({ child, output });
        }
      };
      child.stdout!.on("data", (data: Buffer) => ((output += data.toString()), check()));
      child.stderr!.on("data", (data: Buffer) => (output += data.toString()));
      child.once("exit", () => setTimeout(() => (clearTimeout(timer), until.test(output) ? resolve({ child, output }) : reject(new Error(`child exited; output:\n${output}`))), 50));
    });
  }

  it("a rerun after SIGKILL leaves each file exactly once", async () => {
    const folder = path.join(root, "docs");
    fs.mkdirSync(folder);
    for (let f = 1; f <= 10; f++) {
      const sections = [1, 2, 3].map((n) => `## part ${n}\n\nFile ${f} part ${n}: shared notes for the team, marker f${f}p${n}.\n`).join("\n");
      fs.writeFileSync(path.join(folder, `f${String(f).padStart(2, "0")}.md`), `# File ${f}\n\n${sections}`);
    }
    const dataDir = path.join(root, "writer");
    const first = await run(dataDir, folder, /file 4\/10/);
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    expect(first.child.signalCode).toBe("SIGKILL");

    const second = await run(dataDir, folder, /DONE .*/);
    expect(second.output).toMatch(/failed 0/);

    const remote = await resolveRemoteLibrary("library", SettingsSchema.parse({}), {
      override: { collection: "library", uri: URI, role: "reader" },
      env: { ...process.env, ...s3.env() },
    });
    const readerDir = path.join(root, "reader");
    const db = AppDb.open(readerDir);
    const reader = new KnowledgeService({ dataDir: readerDir, db: db.db, embedder: new HashEmbedder(32), remote: async () => ({ library: remote! }) });
    try {
      const chunks = await reader.indexedChunks("library");
      const markers = chunks.flatMap((chunk) => chunk.text.match(/marker f\d+p\d/g) ?? []).sort();
      const expected = Array.from({ length: 10 }, (_, i) => [1, 2, 3].map((n) => `marker f${i + 1}p${n}`)).flat().sort();
      expect(markers).toEqual(expected);
      expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(chunks.length);
    } finally {
      await reader.close();
      db.close();
    }
  }, 600_000);
});
