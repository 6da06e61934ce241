import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { INTERRUPT, emptyCheckpoint } from "@langchain/langgraph";
import { Checkpointer } from "./Checkpointer.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("Checkpointer", () => {
  it("opens checkpoints.db with WAL and synchronous=FULL", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-ckpt-"));
    dirs.push(dir);
    const checkpointer = new Checkpointer(dir);
    expect(checkpointer.saver.db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(checkpointer.saver.db.pragma("synchronous", { simple: true })).toBe(2);
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
