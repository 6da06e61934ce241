import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../electron/cli/runCli.js";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { cjkFonts } from "../../electron/engine/export/findCjkFont.js";
import { chunkLlm, tempDataDir } from "../../electron/engine/testing/engineTestKit.js";
import { readZipEntry } from "./readZipEntry.js";

/** `npm run cli -- export <file.md>`: a real engine, the CLI's export command, the files it writes. */
const dataDir = tempDataDir("export-cli-");
const work = tempDataDir("export-cli-out-");
const notice = path.resolve("tests/fixtures/export/notice.md");
let engine: Engine;

beforeAll(async () => {
  engine = await createEngine({ dataDir, llm: chunkLlm(["x"]) });
});
afterAll(async () => {
  await engine?.dispose();
  for (const dir of [dataDir, work]) fs.rmSync(dir, { recursive: true, force: true });
});

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

const poppler = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return cjkFonts().length > 0;
  } catch {
    return false;
  }
})();

describe("export <file.md>", () => {
  it.runIf(poppler || process.env.CI_REQUIRE_LIBREOFFICE === "1")("--format pdf: the Chinese body and the footnote come back from the text layer", async () => {
    const out = path.join(work, "notice.pdf");
    const r = await cli(["export", notice, "--format", "pdf", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`wrote ${out}`);
    const text = execFileSync("pdftotext", [out, "-"], { encoding: "utf8" });
    expect(text).toContain("为做好年度安全生产工作");
    expect(text).toContain("依据《中华人民共和国安全生产法》第二十条");
    expect(execFileSync("pdffonts", [out], { encoding: "utf8" })).toMatch(/^[A-Z]{6}\+\S+\s+CID TrueType/m);
  }, 60_000);

  it("--format docx --template gb-t-9704: the official layout", async () => {
    const out = path.join(work, "notice.docx");
    const r = await cli(["export", notice, "--format", "docx", "--template", "gb-t-9704", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    const docx = fs.readFileSync(out);
    expect(readZipEntry(docx, "word/styles.xml")!.toString("utf8")).toContain('w:eastAsia="仿宋_GB2312"');
    expect(readZipEntry(docx, "word/document.xml")!.toString("utf8")).toMatch(/<w:pgMar w:top="2098"/);
  });

  it("html to stdout, the format from --out's extension, and bad input named", async () => {
    const html = await cli(["export", notice, "--format", "html"]);
    expect(html.code, html.stderr).toBe(0);
    expect(html.stdout).toContain("<h1>关于开展年度安全检查的通知</h1>");
    expect((await cli(["export", notice, "--out", path.join(work, "n.docx")])).code).toBe(0);
    expect((await cli(["export", notice, "--format", "pdf"])).stderr).toMatch(/pdf is binary: pass --out file/);
    expect((await cli(["export", notice, "--format", "odt"])).stderr).toMatch(/--format must be one of markdown, html, docx, pdf/);
    expect((await cli(["export", notice, "--format", "docx", "--template", "fancy", "--out", path.join(work, "x.docx")])).stderr).toMatch(/Unknown template "fancy"/);
    expect((await cli(["export", notice, "--format", "docx", "--template", "missing.docx", "--out", path.join(work, "x.docx")])).stderr).toMatch(/--template missing\.docx: no such file/);
    expect(fs.existsSync(path.join(work, "x.docx"))).toBe(false);
    expect((await cli(["export", "no-such-session", "--format", "html"])).stderr).toMatch(/Unknown session no-such-session/);
  });
});
