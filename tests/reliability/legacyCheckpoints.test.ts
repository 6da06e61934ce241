import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { LEGACY_CHECKPOINTS_DB_FILE } from "../../electron/engine/storage/Checkpointer.js";
import { ArticleScriptLlm, FakeSearch } from "../../electron/engine/testing/articleTestKit.js";
import { tempDataDir, waitForEvent } from "../../electron/engine/testing/engineTestKit.js";
import { dataDirIntegrity } from "./helpers/dataChecks.js";
import { moveCheckpointsToLegacyFile } from "./helpers/legacyCheckpoints.js";

/**
 * Updating from a build that kept checkpoints in `checkpoints.db`: the first start moves them into
 * app.db, and a session paused before the update continues where it stopped.
 */
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function open(dir: string): Promise<Engine> {
  const engine = await createEngine({ dataDir: dir, llm: new ArticleScriptLlm(), search: new FakeSearch(), eventFlushIntervalMs: 5 });
  cleanup.push(() => engine.dispose());
  return engine;
}

describe("checkpoints of an older data dir", () => {
  it("are moved into app.db at start, and a session paused at its outline continues to done", async () => {
    const dir = tempDataDir("scriptorium-legacy-ckpt-");
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const first = await open(dir);
    const { sessionId } = await first.call("run.start", { workflow: "article", input: { intent: "写一篇关于离线写作的短文", word_count_target: 300, locale: "zh" } });
    await first.parts.runner.settled(sessionId);
    const materials = (await first.call("run.state", { sessionId })).pause?.context as { materials: Array<{ id: string }> };
    await first.call("run.resume", { sessionId, payload: { action: "confirm", approved_material_ids: materials.materials.map((m) => m.id) } });
    await first.parts.runner.settled(sessionId);
    const before = await first.call("run.state", { sessionId });
    expect(before.pause?.pausePoint).toBe("outline_confirm");
    await first.dispose();
    await moveCheckpointsToLegacyFile(dir);

    const engine = await open(dir);
    expect((await engine.call("health", {})).repairs).toBeUndefined();
    expect(fs.existsSync(path.join(dir, LEGACY_CHECKPOINTS_DB_FILE))).toBe(false);
    const after = await engine.call("run.state", { sessionId });
    expect(after.session.status).toBe("paused");
    expect(after.pause).toEqual(before.pause);
    await engine.call("run.resume", { sessionId, payload: { action: "confirm" } });
    await waitForEvent(engine, sessionId, (event) => event.type === "await_user" && event.pausePoint === "draft_confirm");
    await engine.call("run.resume", { sessionId, payload: { action: "finalize" } });
    const events = await waitForEvent(engine, sessionId, (event) => event.type === "done" || event.type === "error");
    expect(events.at(-1)?.type).toBe("done");
    await engine.dispose();
    expect(dataDirIntegrity(dir)).toEqual({ "app.db": "ok" });
  }, 60_000);
});
