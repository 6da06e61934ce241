import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FolderBindings, type RunTask } from "../../electron/engine/knowledge/FolderBindings.js";
import { KnowledgeService } from "../../electron/engine/knowledge/KnowledgeService.js";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { HashEmbedder } from "./HashEmbedder.js";

/**
 * A real folder on disk, a real chokidar watcher, real LanceDB and app.db: create, edit, rename
 * and delete files while watched; the index must always equal a fresh import of the folder, and
 * unchanged files are never embedded again (the embedder counts what it embeds).
 */
let root: string;
let folder: string;
let appDb: AppDb;
let embedder: HashEmbedder;
let service: KnowledgeService;
let bindings: FolderBindings;
const results: Array<{ kind: string; summary?: string; error?: unknown }> = [];

const runTask: RunTask = (kind, work) => {
  const controller = new AbortController();
  const entry: (typeof results)[number] = { kind };
  results.push(entry);
  void work(() => undefined, controller.signal).then(
    (outcome) => (entry.summary = typeof outcome === "string" ? outcome : outcome.summary),
    (error: unknown) => (entry.error = error),
  );
  return { taskId: `${kind}-${results.length}` };
};

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "kfolder-")));
  folder = path.join(root, "notes");
  fs.mkdirSync(path.join(folder, "sub"), { recursive: true });
  fs.writeFileSync(path.join(folder, "a.md"), "# 甲\n\n写作先列提纲。\n");
  fs.writeFileSync(path.join(folder, "b.txt"), "Lifelong learning keeps writers curious.\n");
  fs.writeFileSync(path.join(folder, "sub", "c.md"), "# 丙\n\n反复修改是写作的关键。\n");
  appDb = AppDb.open(path.join(root, "data"));
  embedder = new HashEmbedder(32);
  service = new KnowledgeService({ dataDir: path.join(root, "data"), db: appDb.db, embedder });
  bindings = new FolderBindings({ db: appDb.db, knowledge: () => service, runTask, debounceMs: 150 });
  results.length = 0;
});

afterEach(async () => {
  await bindings.close();
  await service.close();
  appDb.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The chunk set a fresh import of the folder produces, in a separate data dir. */
async function freshImport(): Promise<Array<{ id: string; text: string }>> {
  const dir = fs.mkdtempSync(path.join(root, "fresh-"));
  const db = AppDb.open(dir);
  const fresh = new KnowledgeService({ dataDir: dir, db: db.db, embedder: new HashEmbedder(32) });
  try {
    await fresh.ingest({ paths: [folder], collection: "library" });
    return await fresh.indexedChunks("library");
  } finally {
    await fresh.close();
    db.close();
  }
}

async function settle(predicate: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    await bindings.idle();
    if (await predicate()) return;
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting for the folder to sync");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const appDbPaths = () => service.sources("library").map((s) => path.relative(folder, s.path)).sort();

describe("folder-bound collections", () => {
  it("imports a bound folder, follows create / edit / rename / delete, and re-embeds only what changed", async () => {
    const { binding } = await bindings.bind({ path: folder, collection: "library" });
    await settle(async () => appDbPaths().length === 3);
    expect(results[0]?.error).toBeUndefined();
    expect(await service.indexedChunks("library")).toEqual(await freshImport());
    const afterImport = embedder.embedded;

    // Create.
    fs.writeFileSync(path.join(folder, "d.md"), "# 丁\n\n新建的笔记。\n");
    await settle(async () => appDbPaths().includes("d.md"));
    const afterCreate = embedder.embedded;
    expect(afterCreate - afterImport).toBe(1); // one chunk, only the new file

    // Edit.
    fs.writeFileSync(path.join(folder, "a.md"), "# 甲\n\n写作先列提纲，再写正文。\n");
    await settle(async () => (await service.indexedChunks("library")).some((c) => c.text.includes("再写正文")));
    expect(embedder.embedded - afterCreate).toBe(1);

    // Rename (unlink + add): the old path leaves, the new one arrives.
    fs.renameSync(path.join(folder, "b.txt"), path.join(folder, "sub", "b2.txt"));
    await settle(async () => appDbPaths().includes(path.join("sub", "b2.txt")) && !appDbPaths().includes("b.txt"));

    // Delete a file and a whole folder.
    fs.rmSync(path.join(folder, "d.md"));
    await settle(async () => !appDbPaths().includes("d.md"));
    fs.rmSync(path.join(folder, "sub"), { recursive: true });
    await settle(async () => appDbPaths().every((p) => !p.startsWith("sub")));

    expect(appDbPaths()).toEqual(["a.md"]);
    expect(await service.indexedChunks("library")).toEqual(await freshImport());
    expect(bindings.list()[0]).toMatchObject({ id: binding.id, indexed: 1, pending: 0, failed: [] });
    expect(results.every((r) => r.error === undefined)).toBe(true);
  });

  it("lists unreadable files with the reason and refuses symlinks that leave the folder", async () => {
    const outside = path.join(root, "secret.md");
    fs.writeFileSync(outside, "# 机密\n\n不该被索引。\n");
    fs.symlinkSync(outside, path.join(folder, "link.md"));
    fs.writeFileSync(path.join(folder, "broken.docx"), "not a zip at all");
    await bindings.bind({ path: folder, collection: "library" });
    await settle(async () => bindings.list()[0]!.pending === 0 && appDbPaths().length === 3);
    const failed = bindings.list()[0]!.failed;
    expect(failed.map((f) => f.path).sort()).toEqual(["broken.docx", "link.md"]);
    expect(failed.find((f) => f.path === "link.md")?.error).toMatch(/outside the bound folder/);
    expect(failed.find((f) => f.path === "broken.docx")?.error.length).toBeGreaterThan(0);
    expect((await service.indexedChunks("library")).some((c) => c.text.includes("机密"))).toBe(false);
  });

  it("pauses (changes ignored), resumes with a reconcile pass, and unbinds with removal", async () => {
    const { binding } = await bindings.bind({ path: folder, collection: "library" });
    await settle(async () => appDbPaths().length === 3);
    await bindings.pause(binding.id);
    fs.rmSync(path.join(folder, "a.md"));
    fs.writeFileSync(path.join(folder, "e.md"), "# 戊\n\n暂停时写的。\n");
    await new Promise((resolve) => setTimeout(resolve, 400));
    await bindings.idle();
    expect(appDbPaths()).toContain("a.md");
    const beforeResume = embedder.embedded;
    bindings.resume(binding.id);
    await settle(async () => appDbPaths().includes("e.md") && !appDbPaths().includes("a.md"));
    expect(embedder.embedded - beforeResume).toBe(1);
    expect(await service.indexedChunks("library")).toEqual(await freshImport());

    await expect(bindings.bind({ path: folder, collection: "library" })).rejects.toThrow(/already bound/);
    await expect(bindings.bind({ path: path.join(root, "nope"), collection: "library" })).rejects.toThrow(/does not exist/);

    await bindings.unbind(binding.id, true);
    await bindings.idle();
    expect(appDbPaths()).toEqual([]);
    expect(await service.indexedChunks("library")).toEqual([]);
    expect(bindings.list()).toEqual([]);
  });
});

describe("bound folders through the engine's lazy knowledge port", () => {
  it("binds via the port, and a new port on the same app.db reconciles at start without being asked", async () => {
    const { lazyKnowledgePort } = await import("../../electron/engine/knowledge/lazyKnowledgePort.js");
    const { SettingsSchema } = await import("../../shared/models.js");
    const settings = SettingsSchema.parse({});
    const dataDir = path.join(root, "engine");
    const engineDb = AppDb.open(dataDir);
    const context = {
      dataDir: { root: dataDir, models: path.join(dataDir, "models"), cache: path.join(dataDir, "cache"), lancedb: path.join(dataDir, "lancedb") },
      db: engineDb.db,
      settings: () => settings,
      updateSettings: () => settings,
      emit: () => undefined,
      llm: {} as never,
      modelPath: null,
      reportRepair: () => undefined,
      sessionState: async () => {
        throw new Error("no sessions");
      },
    };
    const options = { loadEmbedder: async () => new HashEmbedder(32), folderDebounceMs: 100 };
    const first = lazyKnowledgePort(context, options);
    const { binding } = await first.bindFolder!({ path: folder, collection: "library" });
    await first.idle();
    expect((await first.folders!()).folders[0]).toMatchObject({ id: binding.id, indexed: 3, pending: 0 });
    await first.dispose();

    // While the app is closed: one file deleted, one added.
    fs.rmSync(path.join(folder, "b.txt"));
    fs.writeFileSync(path.join(folder, "new.md"), "# 新\n\n关机时写的。\n");
    const second = lazyKnowledgePort(context, options);
    try {
      const paths = async () => (await second.sources({})).sources.map((s) => path.relative(folder, s.path)).sort();
      const start = Date.now();
      while ((await paths()).join() !== ["a.md", "new.md", path.join("sub", "c.md")].sort().join()) {
        if (Date.now() - start > 15_000) throw new Error(`not reconciled: ${(await paths()).join()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await second.idle();
      expect((await second.folders!()).folders[0]).toMatchObject({ indexed: 3, pending: 0, failed: [] });
    } finally {
      await second.dispose();
      engineDb.close();
    }
  });
});
