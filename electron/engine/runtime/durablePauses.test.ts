import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { createEngine } from "../createEngine.js";
import type { Engine } from "../Engine.js";
import { ArticleScriptLlm, FakeSearch, runArticleAnsweringAtOnce } from "../testing/articleTestKit.js";
import { tempDataDir, waitForEvent } from "../testing/engineTestKit.js";

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

/** A fresh engine on its own data dir, with the article's script and search doubles. */
async function articleEngine(): Promise<{ engine: Engine; dataDir: string }> {
  const dataDir = tempDataDir();
  cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const engine = await createEngine({ dataDir, llm: new ArticleScriptLlm(), search: new FakeSearch(), eventFlushIntervalMs: 5 });
  cleanup.push(() => engine.dispose());
  return { engine, dataDir };
}

describe("durability points", () => {
  it("makes the checkpoints durable and the status paused before a pause is announced, and resumes from the announced pause", async () => {
    const { engine, dataDir } = await articleEngine();
    const seen: Array<{ pausePoint: string; marked: boolean; status: string | undefined }> = [];
    const sessionId = await runArticleAnsweringAtOnce(engine, {
      editorRounds: 0,
      // Read at delivery, before anything else runs: the pause must already be on disk.
      onPause: (event, id) => seen.push({ pausePoint: event.pausePoint, ...onDisk(dataDir, id) }),
    });
    expect(seen.map((s) => s.pausePoint)).toEqual(["material_confirm", "outline_confirm", "draft_confirm"]);
    expect(seen.every((s) => s.marked && s.status === "paused")).toBe(true);
    expect(onDisk(dataDir, sessionId)).toEqual({ marked: true, status: "done" });
  }, 60_000);

  it("refuses a wrong action at an announced pause and leaves it pending", async () => {
    const { engine } = await articleEngine();
    const { sessionId } = await engine.call("run.start", { workflow: "article", input: { intent: "写一篇短文", word_count_target: 300, locale: "zh" } });
    await waitForEvent(engine, sessionId, (event) => event.type === "await_user");
    await expect(engine.call("run.resume", { sessionId, payload: { action: "finalize" } })).rejects.toMatchObject({ code: "conflict" });
    const state = await engine.call("run.state", { sessionId });
    expect(state.session.status).toBe("paused");
    expect(state.pause?.pausePoint).toBe("material_confirm");
  }, 60_000);
});
