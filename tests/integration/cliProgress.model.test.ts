import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTinyGguf } from "../fixtures/tinyGguf.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** One chunk a pipe delivered, numbered across both pipes in the order they arrived. */
interface Chunk {
  stream: "stdout" | "stderr";
  text: string;
}

/** `npm run cli -- …` as a child process, keeping the order in which its two pipes delivered. */
function spawnCli(args: readonly string[]): Promise<{ code: number | null; chunks: Chunk[] }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", "electron/cli/main.ts", ...args], { cwd: ROOT, env: { ...process.env, FORCE_COLOR: "0" } });
    const chunks: Chunk[] = [];
    child.stdout.setEncoding("utf8").on("data", (text: string) => chunks.push({ stream: "stdout", text }));
    child.stderr.setEncoding("utf8").on("data", (text: string) => chunks.push({ stream: "stderr", text }));
    const timer = setTimeout(() => child.kill("SIGTERM"), 240_000);
    child.on("error", fail);
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code, chunks });
    });
  });
}

const joined = (chunks: Chunk[], stream: Chunk["stream"]) => chunks.filter((c) => c.stream === stream).map((c) => c.text).join("");
const jsonLines = (text: string) => text.split("\n").filter((line) => line !== "").map((line) => JSON.parse(line) as Record<string, unknown>);

/**
 * The real entry point on real llama.cpp (the tiny GGUF the tests write): a model run's progress
 * reaches stderr as JSON lines while it runs, the first before the run's end on stdout, and
 * `--events` moves the same lines to stdout. The scripted path of `docgen review` is in
 * electron/cli/cliProgress.test.ts.
 */
describe("CLI progress on a real model (spawned)", { timeout: 300_000 }, () => {
  let model: string;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "cli-progress-"));
  beforeAll(async () => {
    model = await createTinyGguf();
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("--json: stderr is progress events, one JSON object a line, the first before the run's end; --events puts them on stdout", async () => {
    const run = await spawnCli(["chat", "hello", "--max-tokens", "12", "--json", "--data-dir", path.join(root, "a"), "--model", model]);
    expect(run.code, joined(run.chunks, "stderr")).toBe(0);
    const progress = jsonLines(joined(run.chunks, "stderr"));
    expect(progress[0]).toMatchObject({ type: "started", command: "chat" });
    const types = progress.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["connected", "step_start", "step_tokens", "step_done", "done"]));
    const counted = progress.filter((e) => e.type === "step_tokens");
    expect(counted[0]).toMatchObject({ step: "reply", maxTokens: 12 });
    expect(counted.at(-1)!.tokens as number).toBeGreaterThan(0);
    // The first progress line arrived before the chunk that ends the run on stdout.
    const firstProgress = run.chunks.findIndex((c) => c.stream === "stderr");
    const end = run.chunks.findIndex((c) => c.stream === "stdout" && c.text.includes('"type":"done"'));
    expect(firstProgress).toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(firstProgress);
    // stdout keeps its shape: every event of the run, the last one `done`.
    expect(jsonLines(joined(run.chunks, "stdout")).at(-1)).toMatchObject({ type: "done" });

    const events = await spawnCli(["chat", "hello", "--max-tokens", "12", "--events", "--data-dir", path.join(root, "b"), "--model", model]);
    expect(events.code, joined(events.chunks, "stderr")).toBe(0);
    expect(joined(events.chunks, "stderr")).toBe("");
    const out = jsonLines(joined(events.chunks, "stdout"));
    expect(out[0]).toMatchObject({ type: "started", command: "chat" });
    expect(out.map((e) => e.type)).toContain("step_tokens");
    expect(out.at(-1)).toMatchObject({ type: "done" });
  });
});
