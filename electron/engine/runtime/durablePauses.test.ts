import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../shared/events.js";
import { createEngine } from "../createEngine.js";
import type { Engine } from "../Engine.js";
import { ArticleScriptLlm, FakeSearch } from "../testing/articleTestKit.js";
import { tempDataDir } from "../testing/engineTestKit.js";

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** What another process would read from the data dir's two databases at this moment. */
function onDisk(dataDir: string, sessionId: string): { marked: boolean; status: string | undefined } {
  const checkpoints = new Database(path.join(dataDir, "checkpoints.db"), { readonly: true });
  const app = new Database(path.join(dataDir, "app.db"), { readonly: true });
  try {
    const marked = checkpoints.prepare("SELECT 1 FROM durable_marks WHERE thread_id = ?").get(sessionId) !== undefined;
    const row = app.prepare("SELECT status FROM sessions WHERE id = ?").get(sessionId) as { status: string } | undefined;
    return { marked, status: row?.status };
  } finally {
    checkpoints.close();
    app.close();
  }
}

describe("durability points", () => {
  it("makes the checkpoints durable and the status paused before a pause is announced, and resumes from the announced pause", async () => {
    const dataDir = tempDataDir();
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const engine: Engine = await createEngine({ dataDir, llm: new ArticleScriptLlm(), search: new FakeSearch(), eventFlushIntervalMs: 5 });
    cleanup.push(() => engine.dispose());
    const { sessionId } = await engine.call("run.start", { workflow: "article", input: { intent: "写一篇短文", word_count_target: 300, locale: "zh" } });
    const seen: Array<{ pausePoint: string; marked: boolean; status: string | undefined }> = [];
    await new Promise<void>((resolve, reject) => {
      const unsubscribe = engine.subscribe(sessionId, 0, (event: EngineEvent) => {
        if (event.type === "done") {
          unsubscribe();
          resolve();
        } else if (event.type === "error") {
          unsubscribe();
          reject(new Error(event.error.message));
        } else if (event.type === "await_user") {
          // Read at delivery, before anything else runs: the pause must already be on disk.
          seen.push({ pausePoint: event.pausePoint, ...onDisk(dataDir, sessionId) });
          const context = event.context as { materials?: Array<{ id: string }> };
          const payload =
            event.pausePoint === "material_confirm"
              ? { action: "confirm", approved_material_ids: (context.materials ?? []).map((m) => m.id) }
              : event.pausePoint === "draft_confirm"
                ? { action: "finalize" }
                : { action: "confirm" };
          engine.call("run.resume", { sessionId, payload }).catch(reject);
        }
      });
    });
    expect(seen.map((s) => s.pausePoint)).toEqual(["material_confirm", "outline_confirm", "draft_confirm"]);
    expect(seen.every((s) => s.marked && s.status === "paused")).toBe(true);
    expect(onDisk(dataDir, sessionId)).toEqual({ marked: true, status: "done" });
  }, 60_000);

  it("refuses a wrong action at an announced pause and leaves it pending", async () => {
    const dataDir = tempDataDir();
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const engine: Engine = await createEngine({ dataDir, llm: new ArticleScriptLlm(), search: new FakeSearch(), eventFlushIntervalMs: 5 });
    cleanup.push(() => engine.dispose());
    const { sessionId } = await engine.call("run.start", { workflow: "article", input: { intent: "写一篇短文", word_count_target: 300, locale: "zh" } });
    await new Promise<void>((resolve) => {
      const unsubscribe = engine.subscribe(sessionId, 0, (event: EngineEvent) => {
        if (event.type === "await_user") {
          unsubscribe();
          resolve();
        }
      });
    });
    await expect(engine.call("run.resume", { sessionId, payload: { action: "finalize" } })).rejects.toMatchObject({ code: "conflict" });
    const state = await engine.call("run.state", { sessionId });
    expect(state.session.status).toBe("paused");
    expect(state.pause?.pausePoint).toBe("material_confirm");
  }, 60_000);
});
