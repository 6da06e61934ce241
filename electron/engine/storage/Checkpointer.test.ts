import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INTERRUPT, emptyCheckpoint } from "@langchain/langgraph";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { tempDirsPerTest } from "../testing/tempDirsPerTest.js";
import { AppDb } from "./AppDb.js";
import { Checkpointer, LEGACY_CHECKPOINTS_DB_FILE } from "./Checkpointer.js";

const tempDir = tempDirsPerTest("scriptorium-ckpt-");

/** A checkpoint with one regular write, as the saver stores it for a paused run. */
async function writeCheckpoint(saver: SqliteSaver, threadId: string) {
  const saved = await saver.put({ configurable: { thread_id: threadId, checkpoint_ns: "" } }, emptyCheckpoint(), { source: "loop", step: 0, parents: {} });
  await saver.putWrites(saved, [["draft", `draft of ${threadId}`]], "task-1");
  return saved;
}

const count = (db: AppDb, table: string) => (db.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe("Checkpointer", () => {
  it("keeps the checkpoints in app.db, on a connection of its own that commits at NORMAL", async () => {
    const dir = tempDir();
    const appDb = AppDb.open(dir);
    const checkpointer = new Checkpointer(dir);
    expect(checkpointer.file).toBe(appDb.file);
    expect(checkpointer.repair).toBeNull();
    const db = checkpointer.saver.db;
    expect(db).not.toBe(appDb.db);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("synchronous", { simple: true })).toBe(1); // NORMAL: the app's FULL commits fsync the shared WAL
    expect(appDb.db.pragma("synchronous", { simple: true })).toBe(2);
    await writeCheckpoint(checkpointer.saver, "thread-1");
    // Same file, same WAL: the app's connection sees the rows at once.
    expect(count(appDb, "checkpoints")).toBe(1);
    expect(count(appDb, "writes")).toBe(1);
    await checkpointer.deleteThread("thread-1");
    expect(count(appDb, "checkpoints")).toBe(0);
    expect(count(appDb, "writes")).toBe(0);
    checkpointer.close();
    appDb.close();
  });

  it("moves a data dir's old checkpoints.db into app.db once, and a repeated move adds nothing", async () => {
    const dir = tempDir();
    const legacy = path.join(dir, LEGACY_CHECKPOINTS_DB_FILE);
    const old = SqliteSaver.fromConnString(legacy);
    const saved = await writeCheckpoint(old, "paused-before-update");
    old.db.close(); // closing the last connection folds its WAL into the file
    const copy = fs.readFileSync(legacy);
    const appDb = AppDb.open(dir);
    let checkpointer = new Checkpointer(dir);
    expect(checkpointer.repair).toBeNull();
    expect(fs.readdirSync(dir).filter((f) => f.startsWith(LEGACY_CHECKPOINTS_DB_FILE))).toEqual([]);
    const tuple = await checkpointer.saver.getTuple(saved);
    expect(tuple?.pendingWrites?.map(([, channel, value]) => [channel, value])).toEqual([["draft", "draft of paused-before-update"]]);
    checkpointer.close();
    // As after a crash between the copy and the delete: the old file is there again.
    fs.writeFileSync(legacy, copy);
    checkpointer = new Checkpointer(dir);
    expect(count(appDb, "checkpoints")).toBe(1);
    expect(count(appDb, "writes")).toBe(1);
    expect(fs.existsSync(legacy)).toBe(false);
    checkpointer.close();
    appDb.close();
  });

  it("keeps a damaged old checkpoints.db aside byte for byte and says so", async () => {
    const dir = tempDir();
    const legacy = path.join(dir, LEGACY_CHECKPOINTS_DB_FILE);
    const garbage = Buffer.from("not a database at all, ".repeat(300));
    fs.writeFileSync(legacy, garbage);
    const appDb = AppDb.open(dir);
    const checkpointer = new Checkpointer(dir);
    expect(checkpointer.repair?.file).toBe(legacy);
    expect(checkpointer.repair?.action).toMatch(/marked interrupted/);
    expect(fs.readFileSync(checkpointer.repair!.keptAs)).toEqual(garbage);
    expect(fs.existsSync(legacy)).toBe(false);
    // The saver works on app.db regardless.
    await writeCheckpoint(checkpointer.saver, "fresh");
    expect(count(appDb, "checkpoints")).toBe(1);
    checkpointer.close();
    appDb.close();
  });

  it("prunes an ended thread to its latest checkpoint and that checkpoint's writes, leaving other threads alone", async () => {
    const dir = tempDir();
    const appDb = AppDb.open(dir);
    const checkpointer = new Checkpointer(dir);
    const saver = checkpointer.saver;
    for (let i = 0; i < 3; i++) await writeCheckpoint(saver, "ended");
    const last = await writeCheckpoint(saver, "ended");
    await writeCheckpoint(saver, "other");
    await writeCheckpoint(saver, "other");
    checkpointer.pruneHistory("ended");
    const ids = (thread: string) => (appDb.db.prepare("SELECT checkpoint_id FROM checkpoints WHERE thread_id = ?").all(thread) as Array<{ checkpoint_id: string }>).map((r) => r.checkpoint_id);
    expect(ids("ended")).toEqual([last.configurable?.checkpoint_id]);
    expect(ids("other")).toHaveLength(2);
    expect(appDb.db.prepare("SELECT checkpoint_id FROM writes WHERE thread_id = 'ended'").all()).toEqual([{ checkpoint_id: last.configurable?.checkpoint_id }]);
    // What getState reads is unchanged.
    const tuple = await saver.getTuple({ configurable: { thread_id: "ended", checkpoint_ns: "" } });
    expect(tuple?.config.configurable?.checkpoint_id).toBe(last.configurable?.checkpoint_id);
    expect(tuple?.pendingWrites?.map(([, channel, value]) => [channel, value])).toEqual([["draft", "draft of ended"]]);
    checkpointer.pruneHistory("no such thread");
    checkpointer.close();
    appDb.close();
  });

  // Regression for langgraphjs #2516: an INTERRUPT write used to land on idx 0 and replace the
  // task's regular write (INSERT OR REPLACE), silently losing state on resume.
  it("keeps a task's regular write when an interrupt write for the same task follows", async () => {
    const dir = tempDir();
    const appDb = AppDb.open(dir);
    const checkpointer = new Checkpointer(dir);
    const saver = checkpointer.saver;
    const saved = await writeCheckpoint(saver, "t1");
    await saver.putWrites(saved, [[INTERRUPT, [{ value: { pausePoint: "p" } }]]], "task-1");
    const tuple = await saver.getTuple(saved);
    const writes = (tuple?.pendingWrites ?? []).filter(([taskId]) => taskId === "task-1").map(([, channel, value]) => [channel, value]);
    expect(writes).toContainEqual(["draft", "draft of t1"]);
    expect(writes.some(([channel]) => channel === INTERRUPT)).toBe(true);
    expect(writes).toHaveLength(2);

    await checkpointer.deleteThread("t1");
    expect(await saver.getTuple(saved)).toBeUndefined();
    checkpointer.close();
    appDb.close();
  });
});
