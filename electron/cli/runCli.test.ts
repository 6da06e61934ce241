import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FakeApi } from "../engine/testing/fakeApi.js";
import { WORKFLOW_REGISTRY } from "../engine/workflows/registry.js";
import { runCli } from "./runCli.js";

const dir = mkdtempSync(path.join(tmpdir(), "scriptorium-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Run the CLI in-process against a fake engine; captures stdout/stderr and counts disposals. */
async function cli(argv: string[], api = new FakeApi()) {
  let stdout = "";
  let stderr = "";
  let disposed = 0;
  const code = await runCli(
    argv,
    { stdout: { write: (c: string | Uint8Array) => (stdout += c.toString()) }, stderr: { write: (c: string | Uint8Array) => (stderr += c.toString()) } },
    async () => Object.assign(api, { dispose: async () => void disposed++ }),
  );
  return { code, stdout, stderr, disposed, api };
}

describe("runCli", () => {
  it("health prints a line, or JSON with --json, and disposes the engine", async () => {
    const human = await cli(["health"]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain("ok  scriptorium 0.0.0-fake");
    expect(human.disposed).toBe(1);
    const json = await cli(["health", "--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, sqliteVersion: "3.0.0" });
  });

  it("usage errors: one line on stderr, exit 2, engine never opened", async () => {
    for (const argv of [[], ["frobnicate"], ["health", "--bogus"], ["article", "start"], ["article", "resume", "s1", "dance"], ["search", "q", "--limit", "0"], ["article", "start", "x", "--type", "poem"]]) {
      const result = await cli(argv);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.disposed, argv.join(" ")).toBe(0);
      if (argv.length > 0) expect(result.stderr.trim().split("\n"), argv.join(" ")).toHaveLength(1);
    }
  });

  it("a flag belongs to the commands that declare it: another group's flag is a usage error naming it", async () => {
    const result = await cli(["chat", "hi", "--fix"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('scriptorium: "chat" does not take --fix (see --help)\n');
    expect(result.disposed).toBe(0);
  });

  it("refuses a workflow flag declared with another kind than a core command's, naming both", async () => {
    const clash = { ...WORKFLOW_REGISTRY, chat: { ...WORKFLOW_REGISTRY.chat, cli: { ...WORKFLOW_REGISTRY.chat.cli!, flags: { fix: "string" } } } };
    const io = { stdout: { write: () => true }, stderr: { write: (c: string | Uint8Array) => (stderr += c.toString()) } };
    let stderr = "";
    expect(await runCli(["health"], io, async () => Object.assign(new FakeApi(), { dispose: async () => undefined }), clash)).toBe(1);
    expect(stderr).toContain("--fix is declared as boolean by lint and as string by chat");
  });

  it("--help lists every workflow's commands, the paper library's bibliography ones included", async () => {
    const result = await cli(["--help"]);
    expect(result.code).toBe(0);
    for (const line of ["paper import-bib", "export-bib", "import-zotero", 'chat "<prompt>" [--max-tokens N]', "lint <file.md>"]) expect(result.stdout).toContain(line);
  });

  it("engine errors: one line on stderr, exit 1", async () => {
    const result = await cli(["article", "state", "missing"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('scriptorium: Unknown session "missing".\n');
  });

  it("article start waits until the pause, printing progress", async () => {
    const result = await cli(["article", "start", "Write about tea", "--type", "feature", "--words", "800", "--locale", "en"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("▶ [researcher] Searching");
    expect(result.stdout).toContain("paused at material_confirm; allowed actions: confirm, re_search");
    const start = result.api.calls.find((c) => c.method === "run.start");
    expect(start?.input).toEqual({ workflow: "article", input: { intent: "Write about tea", article_type: "feature", word_count_target: 800, locale: "en" } });
  });

  it("article start --json prints one JSON event per line", async () => {
    const result = await cli(["article", "start", "Tea", "--json"]);
    const lines = result.stdout.trim().split("\n").map((l) => JSON.parse(l) as { type: string; seq: number });
    expect(lines.map((e) => e.type)).toEqual(["connected", "step_start", "step_done", "await_user"]);
    expect(lines.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it("article resume merges the --json payload with the action and follows only new events", async () => {
    const api = new FakeApi();
    await cli(["article", "start", "Tea"], api);
    const id = [...api.sessions.keys()][0] as string;
    const result = await cli(["article", "resume", id, "confirm", "--json", '{"approved_material_ids":["m001"]}'], api);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("resumed at material_confirm with confirm");
    expect(result.stdout).toContain("done: finished");
    expect(result.stdout).not.toContain("paused at");
    expect(api.calls.find((c) => c.method === "run.resume")?.input).toEqual({ sessionId: id, payload: { approved_material_ids: ["m001"], action: "confirm" } });
    const wrong = await cli(["article", "resume", id, "finalize"], api);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("not paused");
  });

  it("chat and article start pass the session's own model and 思考; a bad --thinking is a usage error", async () => {
    const chat = await cli(["chat", "hi", "--model-name", "qwen3:8b", "--thinking", "off"]);
    expect(chat.api.calls.find((c) => c.method === "run.start")?.input).toMatchObject({ workflow: "chat", model_name: "qwen3:8b", thinking: "off" });
    const article = await cli(["article", "start", "Tea", "--model-name", "Qwen3-4B-Q4_K_M"]);
    expect(article.api.calls.find((c) => c.method === "run.start")?.input).toMatchObject({ workflow: "article", model_name: "Qwen3-4B-Q4_K_M" });
    const bad = await cli(["chat", "hi", "--thinking", "deep"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--thinking must be one of off, budget, unlimited");
  });

  it("chat streams tokens to stdout", async () => {
    const result = await cli(["chat", "hi"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Hello\n");
    expect(result.stdout).toContain("done: ok");
  });

  it("article export writes markdown to stdout and docx to --out", async () => {
    const api = new FakeApi();
    const id = api.createSession();
    const md = await cli(["article", "export", id, "--format", "markdown"], api);
    expect(md.stdout).toBe("# Hello\n");
    const out = path.join(dir, "a.docx");
    const docx = await cli(["article", "export", id, "--format", "docx", "--out", out], api);
    expect(docx.code).toBe(0);
    expect(readFileSync(out, "utf8")).toBe("DOCX");
    expect((await cli(["article", "export", id, "--format", "docx"], api)).code).toBe(2);
  });

  it("settings set patches a dotted key onto the current value", async () => {
    const result = await cli(["settings", "set", "article.reviewThreshold", "90"]);
    expect(result.code).toBe(0);
    expect(result.api.calls.find((c) => c.method === "settings.update")?.input).toEqual({ article: { reviewThreshold: 90, maxRevisions: 3 } });
    expect((await cli(["settings", "set", "locale", "en"])).code).toBe(2);
  });

  it("search prints materials; sessions list prints sessions", async () => {
    const search = await cli(["search", "tea", "--limit", "3"]);
    expect(search.stdout).toContain("[m1] 0.500  T");
    expect(search.api.calls.at(-1)?.input).toEqual({ query: "tea", limit: 3, collection: "library" });
    const api = new FakeApi();
    api.createSession("article", "My title");
    expect((await cli(["sessions", "list"], api)).stdout).toContain("My title");
  });

  it("ingest follows its task on the system stream until done, ignoring other tasks", async () => {
    const result = await cli(["ingest", "a.md", "b.md"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("ingest-1: 1/2 file 1");
    expect(result.stdout).toContain("ingest-1: 2/2 file 2");
    // The last event's report, one line per file (failed first in the engine's order), then the counts.
    expect(result.stdout).toContain(`  imported ${path.resolve("a.md")}`);
    expect(result.stdout).toContain(`  failed   ${path.resolve("b.md")} — not a readable PDF`);
    expect(result.stdout).toContain("  imported 1 · skipped 0 · failed 1");
    expect(result.stdout).not.toContain("other-task");
    expect(result.api.calls.find((c) => c.method === "knowledge.ingest")?.input).toEqual({ paths: [path.resolve("a.md"), path.resolve("b.md")], collection: "library" });
    const failed = await cli(["ingest", "x.pdf", "--collection", "papers", "--json"]);
    expect(failed.code).toBe(1);
    const lines = failed.stdout.trim().split("\n").map((l) => JSON.parse(l) as { type: string; task?: string });
    expect(lines.map((l) => l.type)).toEqual(["progress", "error"]);
    expect(lines[0]).toMatchObject({ task: "ingest-1" });
    expect((await cli(["ingest", "x", "--collection", "nope"])).code).toBe(2);
  });
});
