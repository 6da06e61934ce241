import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionState } from "../../shared/api.js";
import { runCli } from "../../electron/cli/runCli.js";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { lazyRenderer } from "../../electron/engine/export/ExportPort.js";
import { ArticleScriptLlm, FakeSearch, sectionTitleOf } from "../../electron/engine/testing/articleTestKit.js";
import { tempDataDir } from "../../electron/engine/testing/engineTestKit.js";
import { createServer, type ScriptoriumServer } from "../../electron/server/createServer.js";
import { sofficeBinary } from "../fixtures/sofficeBinary.js";
import { trackedDocxText } from "../fixtures/trackedDocxText.js";
import { readZipEntry } from "./readZipEntry.js";

/**
 * An article's revision round (v1 → v2) and a hand edit (v2 → v3) as tracked-changes DOCX over
 * HTTP and the CLI, and its reference list in GB/T 7714 / APA in every format: a real engine on
 * real SQLite, the loopback server, the CLI's `article export`.
 */
const TOKEN = "article-tracked-token-0123456789";
const dataDir = tempDataDir("article-tracked-");
const work = tempDataDir("article-tracked-out-");
let engine: Engine;
let server: ScriptoriumServer;
let llm: ArticleScriptLlm;
let sessionId: string;
const text: string[] = [];

beforeAll(async () => {
  llm = new ArticleScriptLlm();
  // The app's renderer (createAppEngine wires the same one); the article's export hook supplies the document.
  engine = await createEngine({ dataDir, llm, search: new FakeSearch(), eventFlushIntervalMs: 5, exporter: () => lazyRenderer() });
  server = await createServer({ api: engine, token: TOKEN, port: 0 });
  ({ sessionId } = await engine.call("run.start", { workflow: "article", input: { intent: "Write about local AI: alpha and beta", locale: "en" } }));
  await settle();
  await resume({ action: "confirm" });
  await resume({ action: "confirm" });
  llm.script.section = (prompt) => `Rewritten ${sectionTitleOf(prompt)}, now citing [m002] first and then [m001].`;
  await resume({ action: "user_revise", user_revision_notes: "Rewrite everything." });
  const v2 = (await engine.call("documents.version", { sessionId, number: 2 })).markdown;
  await engine.call("documents.edit", { sessionId, markdown: v2.replace("Rewritten", "Carefully rewritten").concat("\nA closing line of my own.\n") });
  await settle();
  for (const n of [1, 2, 3]) text[n] = (await engine.call("documents.version", { sessionId, number: n })).markdown;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await engine?.dispose();
  for (const dir of [dataDir, work]) fs.rmSync(dir, { recursive: true, force: true });
});

async function settle(): Promise<SessionState> {
  await engine.parts.runner.settled(sessionId);
  return engine.call("run.state", { sessionId });
}
async function resume(payload: Record<string, unknown>): Promise<void> {
  await engine.call("run.resume", { sessionId, payload: payload as never });
  await settle();
}
/**
 * One request on its own connection: a kept-alive socket the server closes after its idle timeout
 * (LibreOffice and the CLI take longer than that between calls) would fail the next request.
 */
async function rpc(method: string, body: unknown): Promise<{ status: number; json: any }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: server.port, path: `/api/rpc/${method}`, method: "POST", agent: false, headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString("utf8")) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
/** What Word shows for version `n` exported normally (the same renderer draws the tracked file). */
async function normalText(n: number): Promise<string> {
  const { json } = await rpc("documents.export", { sessionId, format: "docx", number: n });
  return trackedDocxText(Buffer.from(json.content, "base64"), true);
}
// Whitespace aside; the reference list is left out because each version's list is its own (a
// reordered list is a few moved lines, which rejecting shows in the new list's order).
const squeeze = (s: string) => s.replace(/(?:References|参考资料)[\s\S]*$/, "").replace(/\s+/g, "");
async function cli(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(
    argv,
    { stdout: { write: (c: string | Uint8Array) => (stdout += c.toString()) }, stderr: { write: (c: string | Uint8Array) => (stderr += c.toString()) } },
    async () => Object.assign(Object.create(engine) as Engine, { dispose: async () => undefined }),
  );
  return { code, stdout, stderr };
}

describe("an article's versions as tracked changes", () => {
  it("has a revision round and a hand edit to compare", async () => {
    const { versions } = await engine.call("documents.versions", { sessionId });
    expect(versions.map((v) => v.reason)).toEqual(["initial", "user", "manual_edit"]);
    expect(text[2]).toContain("Rewritten");
    expect(text[3]).toContain("A closing line of my own.");
  });

  it("the revision round over HTTP (documents.export tracked 1 → 2): rendered like the normal export, accept all = v2, reject all = v1, also after LibreOffice re-saves it", async () => {
    const { status, json } = await rpc("documents.export", { sessionId, format: "docx", tracked: { from: 1, to: 2 } });
    expect(status).toBe(200);
    expect(json.fileName).toMatch(/-v1-v2-tracked\.docx$/);
    const docx = Buffer.from(json.content, "base64");
    const xml = readZipEntry(docx, "word/document.xml")!.toString("utf8");
    expect(xml).toMatch(/<w:del [^>]*w:author="Scriptorium"/);
    // Headings are Word headings and citations Word footnotes, as in the normal export: no literal markdown.
    expect(xml).toContain('<w:pStyle w:val="Heading2"/>');
    expect(xml).toContain("<w:footnoteReference");
    expect(xml).not.toMatch(/<w:t[^>]*>#/);
    expect(trackedDocxText(docx, true)).toBe(await normalText(2));
    expect(squeeze(trackedDocxText(docx, false))).toBe(squeeze(await normalText(1)));
    const soffice = sofficeBinary();
    if (soffice) {
      const file = path.join(work, "round.docx");
      fs.writeFileSync(file, docx);
      const out = path.join(work, "lo");
      execFileSync(soffice, [`-env:UserInstallation=file://${work}/profile`, "--headless", "--convert-to", "docx:MS Word 2007 XML", "--outdir", out, file], { timeout: 120_000, stdio: "ignore" });
      const resaved = fs.readFileSync(path.join(out, "round.docx"));
      expect(squeeze(trackedDocxText(resaved, true))).toBe(squeeze(await normalText(2)));
      expect(squeeze(trackedDocxText(resaved, false))).toBe(squeeze(await normalText(1)));
    }
  }, 180_000);

  it("the hand edit from the CLI (article export --format docx --from 2, to the latest)", async () => {
    const out = path.join(work, "edit.docx");
    const r = await cli(["article", "export", sessionId, "--format", "docx", "--from", "2", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    const docx = fs.readFileSync(out);
    expect(trackedDocxText(docx, true)).toBe(await normalText(3));
    expect(squeeze(trackedDocxText(docx, false))).toBe(squeeze(await normalText(2)));
  });

  it("bad requests name the problem", async () => {
    expect((await cli(["article", "export", sessionId, "--format", "markdown", "--from", "1"])).stderr).toMatch(/--from N exports tracked changes: docx only/);
    expect((await cli(["article", "export", sessionId, "--format", "docx", "--from", "1", "--version", "9", "--out", path.join(work, "x.docx")])).stderr).toMatch(/no version 9/);
    const { status, json } = await rpc("documents.export", { sessionId, format: "html", tracked: { from: 1, to: 2 } });
    expect(status).toBe(400);
    expect(JSON.stringify(json)).toMatch(/docx only/);
  });
});

describe("an article's reference list in the chosen style", () => {
  it("GB/T 7714 (entries in English or forced Chinese) and APA in markdown, and the same list in HTML and DOCX", async () => {
    const gb = await cli(["article", "export", sessionId, "--format", "markdown", "--style", "gb-t-7714"]);
    expect(gb.code, gb.stderr).toBe(0);
    const list = gb.stdout.slice(gb.stdout.indexOf("## References"));
    // Numbered in order of first citation (v3 cites m002, "About beta-1", first); a material without a link is [Z].
    expect(list).toMatch(/\\\[1\\\] LIBRARY\. About beta-1\\\[Z\\\]\./);
    expect(list).toMatch(/\\\[2\\\] LIBRARY\. About alpha-1\\\[Z\\\]\./);
    const zh = await cli(["article", "export", sessionId, "--format", "markdown", "--style", "gb-t-7714", "--locale", "zh"]);
    expect(zh.code, zh.stderr).toBe(0);
    expect(zh.stdout).toContain("About beta-1\\[Z\\]");
    // APA: author–date, sorted by author and title.
    const apa = await cli(["article", "export", sessionId, "--format", "markdown", "--style", "apa"]);
    expect(apa.stdout.slice(apa.stdout.indexOf("## References"))).toMatch(/library\. \(n\.d\.-a\)\. About alpha-1\.\s+library\. \(n\.d\.-b\)\. About beta-1\./);

    const html = await rpc("documents.export", { sessionId, format: "html", referenceStyle: "gb-t-7714" });
    expect(html.json.content).toContain("[1] LIBRARY. About beta-1[Z].");
    const docx = await rpc("documents.export", { sessionId, format: "docx", referenceStyle: "apa" });
    const xml = readZipEntry(Buffer.from(docx.json.content, "base64"), "word/document.xml")!.toString("utf8");
    expect(xml).toContain("library. (n.d.-a). About alpha-1.");
    expect((await cli(["article", "export", sessionId, "--format", "markdown", "--style", "mla"])).stderr).toMatch(/--style must be one of gb-t-7714, gb-t-7714-author-date, apa/);
  });
});
