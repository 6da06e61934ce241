import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Engine } from "../engine/Engine.js";
import { docgenEngine } from "../engine/testing/docgenTestKit.js";
import { tempDataDir } from "../engine/testing/engineTestKit.js";
import { ScriptedLlm } from "../engine/testing/ScriptedLlm.js";
import { cliUsage, runCli } from "./runCli.js";

const work = tempDataDir("cli-progress-");
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Every write of one CLI run in the order it happened, with the stream it went to. */
type Write = { stream: "stdout" | "stderr"; text: string };

async function cli(argv: string[], engine: Engine) {
  const writes: Write[] = [];
  const sink = (stream: Write["stream"]) => ({ write: (c: string | Uint8Array) => writes.push({ stream, text: c.toString() }) });
  const code = await runCli(argv, { stdout: sink("stdout"), stderr: sink("stderr") }, async () =>
    Object.assign(Object.create(engine) as Engine, { dispose: async () => undefined }),
  );
  const text = (stream: Write["stream"]) => writes.filter((w) => w.stream === stream).map((w) => w.text).join("");
  return { code, writes, stdout: text("stdout"), stderr: text("stderr") };
}

const lines = (text: string) => text.split("\n").filter((line) => line !== "");

/** A review of a short note on a real engine (SQLite, checkpoints) with a scripted model that streams slowly. */
async function reviewRun(extra: string[]) {
  const llm = new ScriptedLlm({ replies: { reviewer: { violations: [] } }, chunkSize: 2, chunkDelayMs: 1 });
  const { engine } = await docgenEngine(llm, path.join(work, `data-${extra.join("") || "json"}`));
  try {
    const file = path.join(work, "note.md");
    fs.writeFileSync(file, "# 说明\n\n这是一段用于测试的说明文字。\n\n第二段也很短。\n");
    return await cli(["docgen", "review", file, ...extra], engine);
  } finally {
    await engine.dispose();
  }
}

describe("progress of a long CLI run", () => {
  it("--json: progress events on stderr, one JSON object a line, the first before anything else; stdout keeps the report alone", async () => {
    const r = await reviewRun(["--json"]);
    expect(r.code, r.stderr).toBe(0);
    // The report is stdout's only content, pretty-printed as before.
    const report = JSON.parse(r.stdout) as { session_id: string; status: string };
    expect(report.status).toBe("done");
    const events = lines(r.stderr).map((line) => JSON.parse(line) as { type: string; sessionId?: string; step?: string; tokens?: number });
    expect(events[0]).toMatchObject({ type: "started", command: "docgen review" });
    expect(events[1]).toMatchObject({ type: "connected", sessionId: report.session_id });
    const types = events.map((e) => e.type);
    expect(types).toContain("step_start");
    expect(types).toContain("step_done");
    expect(types.at(-1)).toBe("done");
    // Token counts of the review steps, with their budget: what the rate and the time left come from.
    const counted = events.filter((e) => e.type === "step_tokens");
    expect(counted.length).toBeGreaterThan(0);
    expect(counted.some((e) => (e.tokens ?? 0) > 0)).toBe(true);
    expect(counted.every((e) => typeof (e as { tokensPerSecond?: unknown }).tokensPerSecond === "number")).toBe(true);
    // No text stream (tokens, draft chunks) among the progress lines.
    expect(types).not.toContain("token");
    // The first progress line was written before the result.
    const firstProgress = r.writes.findIndex((w) => w.stream === "stderr");
    const result = r.writes.findIndex((w) => w.stream === "stdout");
    expect(firstProgress).toBeGreaterThanOrEqual(0);
    expect(firstProgress).toBeLessThan(result);
  });

  it("--events: the same events on stdout, then the report as the last line; nothing on stderr", async () => {
    const r = await reviewRun(["--events"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    const out = lines(r.stdout).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(out[0]).toMatchObject({ type: "started", command: "docgen review" });
    const report = out.at(-1)!;
    expect(Object.keys(report)).toEqual(["session_id", "status", "modules", "replacements", "output"]);
    expect(report.status).toBe("done");
    const types = out.slice(0, -1).map((e) => e.type);
    expect(types).toContain("step_tokens");
    expect(types.at(-1)).toBe("done");
    expect(out.slice(0, -1).every((e) => typeof e.type === "string")).toBe(true);
  });

  it("--events is a global flag in --help; a short command writes no progress", async () => {
    expect(cliUsage()).toContain("--events");
    const llm = new ScriptedLlm({ replies: {} });
    const { engine } = await docgenEngine(llm, path.join(work, "data-list"));
    try {
      const r = await cli(["docgen", "list", "--json"], engine);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe("");
      expect(JSON.parse(r.stdout)).toEqual({ sessions: [] });
    } finally {
      await engine.dispose();
    }
  });
});
