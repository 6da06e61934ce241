import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDataDir } from "../../electron/engine/testing/engineTestKit.js";
import { trackedDocxText } from "../fixtures/trackedDocxText.js";
import { readZipEntry } from "../integration/readZipEntry.js";
import { sofficeBinary } from "../fixtures/sofficeBinary.js";

const dataDir = tempDataDir("mcp-inproc-");
/** The server's --output-dir: the one folder review_doc may write its Word file into. */
const outDir = tempDataDir("mcp-out-");
const outside = tempDataDir("mcp-outside-");
let client: Client;

/** The MCP server with no app to forward to: it opens the engine itself on --data-dir (no model configured). */
beforeAll(async () => {
  client = new Client({ name: "docgen-inproc-test", version: "1.0.0" });
  const env = { ...(process.env as Record<string, string>) };
  delete env.SCRIPTORIUM_URL;
  delete env.SCRIPTORIUM_TOKEN;
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(process.cwd(), "node_modules", "tsx", "dist", "cli.mjs"), path.join(process.cwd(), "electron", "mcp", "main.ts"), "--data-dir", dataDir, "--output-dir", outDir],
      env,
      stderr: "pipe",
    }),
  );
}, 120_000);

afterAll(async () => {
  await client?.close();
  for (const dir of [dataDir, outDir, outside]) fs.rmSync(dir, { recursive: true, force: true });
});

describe("MCP server, in-process engine", () => {
  it("review_doc repairs the mechanical violations even with no model: the model's calls fail, the checkers' fixes stand", async () => {
    const result = await client.callTool({ name: "review_doc", arguments: { markdown: "# 标题\n\n在LeanCloud上花了5000元!\n" } }, { timeout: 90_000 });
    expect(result.isError).toBeFalsy();
    const out = result.structuredContent as { status: string; document: string; modules: Array<{ key: string; status: string }> };
    expect(out.status).toBe("done");
    expect(out.document).toBe("# 标题\n\n在 LeanCloud 上花了 5000 元！\n");
    expect(fs.existsSync(path.join(dataDir, "app.db"))).toBe(true);
  });

  it("review_doc with output_docx writes the review as tracked changes inside --output-dir: accept all = repaired, reject all = original", async () => {
    const original = "# 周报\n\n在LeanCloud上花了5000元!\n\n第二段没有问题。\n";
    const result = await client.callTool({ name: "review_doc", arguments: { markdown: original, output_docx: "reviews/weekly.docx" } }, { timeout: 90_000 }).catch((e) => e);
    // The folder must exist: the tool writes a file, it does not make folders.
    expect(result.isError).toBe(true);
    fs.mkdirSync(path.join(outDir, "reviews"));
    const ok = await client.callTool({ name: "review_doc", arguments: { markdown: original, output_docx: "reviews/weekly.docx" } }, { timeout: 90_000 });
    expect(ok.isError, JSON.stringify(ok.content)).toBeFalsy();
    const out = ok.structuredContent as { document: string; docx: { path: string; bytes: number; from_version: number; to_version: number } };
    expect(out.docx.path).toBe(path.join(fs.realpathSync(outDir), "reviews", "weekly.docx"));
    const docx = fs.readFileSync(out.docx.path);
    expect(docx.length).toBe(out.docx.bytes);
    // Drawn by the document renderer with revisions on top: the heading is a Word heading (no "# "),
    // one paragraph per block; accepting all gives the repaired text, rejecting all the original's.
    const paragraphs = (markdown: string) => markdown.split("\n").filter((line) => line.trim()).map((line) => line.replace(/^#+\s+/, "")).join("\n");
    const squeeze = (text: string) => text.replace(/\s+/g, "");
    expect(trackedDocxText(docx, true)).toBe(paragraphs(out.document));
    expect(squeeze(trackedDocxText(docx, false))).toBe(squeeze(paragraphs(original)));
    expect(out.document).not.toBe(original);
    expect(readZipEntry(docx, "word/document.xml")!.toString("utf8")).toMatch(/<w:ins [^>]*w:author="Scriptorium"/);
    expect(readZipEntry(docx, "word/document.xml")!.toString("utf8")).toContain('<w:pStyle w:val="Heading1"/>');

    if (sofficeBinary()) {
      const resaved = sofficeRoundTrip(out.docx.path);
      expect(trackedDocxText(resaved, true)).toBe(paragraphs(out.document));
      expect(squeeze(trackedDocxText(resaved, false))).toBe(squeeze(paragraphs(original)));
    }
  }, 240_000);

  it("output_docx outside --output-dir, through a symlink, or not .docx is refused and nothing is written", async () => {
    fs.symlinkSync(outside, path.join(outDir, "link"));
    for (const output_docx of ["../escape.docx", path.join(outside, "abs.docx"), "link/through.docx", "notes.md"]) {
      const r = await client.callTool({ name: "review_doc", arguments: { markdown: "# 标题\n\n在LeanCloud上。\n", output_docx } }, { timeout: 90_000 });
      expect(r.isError, output_docx).toBe(true);
      expect(JSON.stringify(r.content)).toMatch(/outside the output folder|must end in \.docx/);
    }
    expect(fs.readdirSync(outside)).toEqual([]);
    expect(fs.existsSync(path.join(outDir, "notes.md"))).toBe(false);
  }, 240_000);
});

/** LibreOffice opens the file and saves it again as DOCX (its revisions must survive). */
function sofficeRoundTrip(file: string): Buffer {
  const dir = fs.mkdtempSync(path.join(outside, "..", "soffice-"));
  try {
    execFileSync(sofficeBinary()!, [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--convert-to", "docx:MS Word 2007 XML", "--outdir", dir, file], { timeout: 120_000, stdio: "ignore" });
    return fs.readFileSync(path.join(dir, path.basename(file)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
