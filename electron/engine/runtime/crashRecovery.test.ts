import { spawn } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createEngine } from "../createEngine.js";
import type { Engine } from "../Engine.js";
import { chunkLlm, isTerminal, tempDataDir, waitForEvent } from "../testing/engineTestKit.js";

const CHILD = fileURLToPath(new URL("../testing/crashChild.fixture.ts", import.meta.url));
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Run the child until it reports a durable token, then SIGKILL it; resolves with the session id. */
function runAndKill(dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD, dataDir], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) {
        child.kill("SIGKILL");
        child.once("exit", () => resolve((JSON.parse(line) as { sessionId: string }).sessionId));
      }
    });
    child.once("exit", (code, signal) => {
      if (signal !== "SIGKILL") reject(new Error(`child exited early (code ${code}): ${err}`));
    });
  });
}

describe("crash recovery", () => {
  it("a run killed with SIGKILL mid-step continues from its checkpoint on the next start", async () => {
    const dir = tempDataDir();
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const sessionId = await runAndKill(dir);

    const engine: Engine = await createEngine({ dataDir: dir, llm: chunkLlm(["back ", "again"]), appVersion: "test" });
    cleanup.push(() => engine.dispose());
    const events = await waitForEvent(engine, sessionId, isTerminal);
    expect(events.at(-1)).toMatchObject({ type: "done", result: { text: "back again" } });
    // The events written before the kill are kept and numbering continues without a gap.
    expect(events.slice(0, 2).map((e) => e.type)).toEqual(["connected", "step_start"]);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    // The step the kill cut is closed as interrupted before it runs again, so no client shows it running.
    const cut = events.find((e) => e.type === "step_done" && e.interrupted === true);
    expect(cut).toMatchObject({ step: (events[1] as { step: string }).step });
    expect(events.filter((e) => e.type === "step_start").length).toBe(2);
    expect((await engine.call("run.state", { sessionId })).session.status).toBe("done");
  }, 120_000);
});
