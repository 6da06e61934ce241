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
    const pragmas: string[] = [];
    const pragma = db.pragma.bind(db);
    vi.spyOn(db, "pragma").mockImplementation(((source: string, options?: Database.PragmaOptions) => {
      pragmas.push(source);
      return pragma(source, options);
    }) as typeof db.pragma);
    checkpointer.makeDurable("thread-1");
    // The mark is written while FULL is in force, so its commit fsyncs the WAL, then NORMAL is back.
    expect(pragmas).toEqual(["synchronous = FULL", "synchronous = NORMAL"]);
    expect(pragma("synchronous", { simple: true })).toBe(1);
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
