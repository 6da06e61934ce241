import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createEngine } from "../createEngine.js";
import type { Engine } from "../Engine.js";
import { ArticleScriptLlm, FakeSearch, runArticleAnsweringAtOnce } from "../testing/articleTestKit.js";
import { tempDataDir, waitForEvent } from "../testing/engineTestKit.js";

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/**
 * What another process would read from the data dir at this moment: the session's status, and
 * whether its latest checkpoint holds a pending interrupt (the pause it can resume from).
 */
function onDisk(dataDir: string, sessionId: string): { pauseCheckpointed: boolean; status: string | undefined } {
  const app = new Database(path.join(dataDir, "app.db"), { readonly: true });
  try {
    const latest = app.prepare("SELECT checkpoint_id FROM checkpoints WHERE thread_id = ? ORDER BY checkpoint_id DESC LIMIT 1").get(sessionId) as { checkpoint_id: string } | undefined;
    const interrupt = latest && app.prepare("SELECT 1 FROM writes WHERE thread_id = ? AND checkpoint_id = ? AND channel = '__interrupt__'").get(sessionId, latest.checkpoint_id);
    const row = app.prepare("SELECT status FROM sessions WHERE id = ?").get(sessionId) as { status: string } | undefined;
    return { pauseCheckpointed: interrupt !== undefined, status: row?.status };
  } finally {
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
  it("has the pause's checkpoint and the paused status on disk when a pause is announced, and resumes from the announced pause", async () => {
    const { engine, dataDir } = await articleEngine();
    // One file, one WAL: the announcement's FULL commit (app connection) fsyncs the checkpoints the
    // saver's NORMAL connection wrote before it.
    const checkpointer = engine.parts.runner["opts"].checkpointer;
    expect(checkpointer.file).toBe(engine.parts.appDb.file);
    expect(checkpointer.saver.db.pragma("synchronous", { simple: true })).toBe(1);
    expect(engine.parts.appDb.db.pragma("synchronous", { simple: true })).toBe(2);
    const seen: Array<{ pausePoint: string; pauseCheckpointed: boolean; status: string | undefined }> = [];
    const sessionId = await runArticleAnsweringAtOnce(engine, {
      editorRounds: 0,
      // Read at delivery, before anything else runs: the pause must already be on disk.
      onPause: (event, id) => seen.push({ pausePoint: event.pausePoint, ...onDisk(dataDir, id) }),
    });
    expect(seen.map((s) => s.pausePoint)).toEqual(["material_confirm", "outline_confirm", "draft_confirm"]);
    expect(seen.every((s) => s.pauseCheckpointed && s.status === "paused")).toBe(true);
    expect(onDisk(dataDir, sessionId)).toEqual({ pauseCheckpointed: false, status: "done" });
    // The ended run keeps only its latest checkpoint, which is all run.state reads.
    const kept = engine.parts.appDb.db.prepare("SELECT count(*) AS n FROM checkpoints WHERE thread_id = ?").get(sessionId) as { n: number };
    expect(kept.n).toBe(1);
    const state = await engine.call("run.state", { sessionId });
    expect(state.session.status).toBe("done");
    const values = state.values as { status: string; draft: string; draft_version: number | null };
    expect(values.status).toBe("done");
    expect(values.draft.length).toBeGreaterThan(0);
    expect(values.draft_version).toBe((await engine.call("documents.versions", { sessionId })).versions.at(-1)?.number);
  }, 60_000);

  it("fsyncs every answer after LangGraph writes it and before the next LLM call", async () => {
    const dataDir = tempDataDir();
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const log: string[] = [];
    const script = new ArticleScriptLlm();
    const llm = {
      id: script.id,
      generateText: (options: Parameters<ArticleScriptLlm["generateText"]>[0]) => (log.push("llm"), script.generateText(options)),
      generateStructured: <T,>(options: Parameters<ArticleScriptLlm["generateStructured"]>[0] & { schema: { parse(v: unknown): T } }) => (log.push("llm"), script.generateStructured(options)),
    } as unknown as ArticleScriptLlm;
    const engine = await createEngine({ dataDir, llm, search: new FakeSearch(), eventFlushIntervalMs: 5 });
    cleanup.push(() => engine.dispose());
    const app = engine.parts.appDb.db;
    const saver = engine.parts.runner["opts"].checkpointer.saver.db;
    // Every statement run on either connection: the saver's answer write, and each commit at FULL on the app's.
    const proto = Object.getPrototypeOf(app.prepare("SELECT 1")) as Database.Statement;
    const run = proto.run;
    vi.spyOn(proto, "run").mockImplementation(function (this: Database.Statement, ...args: unknown[]) {
      if (this.database === saver && /INTO writes/.test(this.source) && JSON.stringify(args).includes("__resume__")) log.push("answer");
      if (this.database === app && !this.reader && app.pragma("synchronous", { simple: true }) === 2) log.push("full");
      return run.apply(this, args);
    } as typeof proto.run);
    cleanup.push(() => void vi.restoreAllMocks());
    await runArticleAnsweringAtOnce(engine, { editorRounds: 1 });
    const answers = log.flatMap((entry, i) => (entry === "answer" ? [i] : []));
    expect(answers.length).toBeGreaterThanOrEqual(4);
    for (const at of answers) {
      const nextLlm = log.indexOf("llm", at);
      const nextFull = log.indexOf("full", at);
      expect(nextFull, `answer at ${at}: ${log.slice(at, at + 8).join(" ")}`).toBeGreaterThan(at);
      if (nextLlm !== -1) expect(nextFull).toBeLessThan(nextLlm);
    }
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
