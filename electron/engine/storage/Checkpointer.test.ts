import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { INTERRUPT, emptyCheckpoint } from "@langchain/langgraph";
import { Checkpointer } from "./Checkpointer.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("Checkpointer", () => {
  it("writes a running graph's checkpoints at NORMAL and makes them durable with one FULL commit", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-ckpt-"));
    dirs.push(dir);
    const checkpointer = new Checkpointer(dir);
    const db = checkpointer.saver.db;
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("synchronous", { simple: true })).toBe(1); // NORMAL between pauses
    const levels: number[] = [];
    const proto = Object.getPrototypeOf(db.prepare("SELECT 1")) as Database.Statement;
    const run = proto.run;
    vi.spyOn(proto, "run").mockImplementation(function (this: Database.Statement, ...args: unknown[]) {
      if (this.database === db && /durable_marks/.test(this.source)) levels.push(Number(db.pragma("synchronous", { simple: true })));
      return run.apply(this, args);
    } as typeof proto.run);
    checkpointer.makeDurable("thread-1");
    vi.restoreAllMocks();
    // The mark is written while FULL (2) is in force, so its commit fsyncs the WAL; then NORMAL (1) is back.
    expect(levels).toEqual([2]);
    expect(db.pragma("synchronous", { simple: true })).toBe(1);
    const mark = db.prepare("SELECT at FROM durable_marks WHERE thread_id = ?").get("thread-1") as { at: string } | undefined;
    expect(Date.parse(mark?.at ?? "")).toBeGreaterThan(0);
    checkpointer.close();
  });

  it("forgets a thread's durable mark with its checkpoints", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-ckpt-"));
    dirs.push(dir);
    const checkpointer = new Checkpointer(dir);
    await checkpointer.saver.getTuple({ configurable: { thread_id: "thread-2" } }); // the saver creates its tables on first use
    checkpointer.makeDurable("thread-2");
    await checkpointer.deleteThread("thread-2");
    expect(checkpointer.saver.db.prepare("SELECT count(*) AS n FROM durable_marks").get()).toEqual({ n: 0 });
    checkpointer.close();
  });

  // Regression for langgraphjs #2516: an INTERRUPT write used to land on idx 0 and replace the
  // task's regular write (INSERT OR REPLACE), silently losing state on resume.
  it("keeps a task's regular write when an interrupt write for the same task follows", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-ckpt-"));
    dirs.push(dir);
    const checkpointer = new Checkpointer(dir);
    const saver = checkpointer.saver;
    const config = { configurable: { thread_id: "t1", checkpoint_ns: "" } };
    const saved = await saver.put(config, emptyCheckpoint(), { source: "loop", step: 0, parents: {} });
    await saver.putWrites(saved, [["draft", "regular value"]], "task-1");
    await saver.putWrites(saved, [[INTERRUPT, [{ value: { pausePoint: "p" } }]]], "task-1");
    const tuple = await saver.getTuple(saved);
    const writes = (tuple?.pendingWrites ?? []).filter(([taskId]) => taskId === "task-1").map(([, channel, value]) => [channel, value]);
    expect(writes).toContainEqual(["draft", "regular value"]);
    expect(writes.some(([channel]) => channel === INTERRUPT)).toBe(true);
    expect(writes).toHaveLength(2);

    await checkpointer.deleteThread("t1");
    expect(await saver.getTuple(saved)).toBeUndefined();
    checkpointer.close();
  });
});
