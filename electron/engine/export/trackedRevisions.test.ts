import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { trackedDocxText } from "../../../tests/fixtures/trackedDocxText.js";
import { readZipEntry } from "../../../tests/integration/readZipEntry.js";
import { applyChoices, resolveChanges, trackedChangeList } from "./trackedChangeList.js";
import type { Material } from "../../../shared/knowledge.js";
import { citedDocument } from "./citedDocument.js";
import { markdownToDocx } from "./markdownToDocx.js";
import { renderDocument } from "./renderDocument.js";

const ORIGINAL = [
  "# 项目周报",
  "",
  "本周我们完成了大概三个模块的开发，效果非常好。",
  "The parser handles  two spaces & <tags> badly.",
  "这一行将被删除。",
  "",
  "- 列表项一",
  "\t缩进的行",
].join("\n");
const REVISED = [
  "# 项目周报",
  "",
  "本周完成了三个模块的开发。",
  "The parser handles two spaces & <tags> correctly.",
  "",
  "- 列表项一",
  "- 新增的列表项",
  "\t缩进的行",
].join("\n");
const REPLACEMENTS = [
  { group: "2.1", start_line: 3, end_line: 3, old: "本周我们完成了大概三个模块的开发，效果非常好。", new: "本周完成了三个模块的开发。", reason: "删去模糊词和主观评价" },
  { group: "3.4", start_line: 4, end_line: 5, old: "The parser handles  two spaces & <tags> badly.\n这一行将被删除。", new: "The parser handles two spaces & <tags> correctly.", reason: "merge the lines" },
];

describe("trackedChangeList", () => {
  it("accepting every change gives the revision, rejecting every change the original", () => {
    const list = trackedChangeList(ORIGINAL, REVISED, REPLACEMENTS);
    expect(resolveChanges(list, true)).toBe(REVISED);
    expect(resolveChanges(list, false)).toBe(ORIGINAL);
    expect(list.changes.length).toBeGreaterThan(2);
    expect(list.changes.filter((c) => c.replacement?.group === "2.1").length).toBeGreaterThan(0);
    expect(list.changes.find((c) => c.inserted.includes("新增的列表项"))?.replacement).toBeNull();
  });

  it("a choice per change keeps the accepted ones only", () => {
    const list = trackedChangeList("one two three", "one 2 three four");
    expect(list.changes.map((c) => [c.deleted, c.inserted])).toEqual([["two", "2"], ["", " four"]]);
    expect(applyChoices(list, new Set([0]))).toBe("one 2 three");
    expect(applyChoices(list, new Set([1]))).toBe("one two three four");
  });
});

const squeeze = (text: string) => text.replace(/\s+/g, "");
const docxOf = async (original: string, revised: string, replacements = REPLACEMENTS) =>
  markdownToDocx(revised, "周报", { revisions: { original, replacements, date: new Date("2026-12-03T10:00:00Z") } });
const xmlOf = (docx: Buffer) => readZipEntry(docx, "word/document.xml")!.toString("utf8");

describe("tracked revisions on the rendered document", () => {
  it("writes w:ins / w:del by Scriptorium with a comment per replacement", async () => {
    const docx = await docxOf(ORIGINAL, REVISED);
    const xml = xmlOf(docx);
    expect(xml).toMatch(/<w:ins w:id="\d+" w:author="Scriptorium" w:date="2026-12-03T10:00:00Z">/);
    expect(xml).toMatch(/<w:del w:id="\d+" w:author="Scriptorium" w:date="2026-12-03T10:00:00Z">/);
    expect(xml).toContain("<w:commentRangeStart");
    const comments = readZipEntry(docx, "word/comments.xml")!.toString("utf8");
    expect(comments).toContain("规则 2.1：删去模糊词和主观评价");
    expect(comments).toContain('w:author="Scriptorium"');
  });

  it("renders the markdown as the normal export does: headings styled, lists as lists, no literal # or -", async () => {
    const xml = xmlOf(await docxOf(ORIGINAL, REVISED));
    expect(xml).toContain('<w:pStyle w:val="Heading1"/>');
    expect(xml).toMatch(/<w:numPr>|<w:pStyle w:val="ListParagraph"\/>/);
    expect(xml).not.toMatch(/<w:t[^>]*># /);
    expect(xml).not.toMatch(/<w:(?:t|delText)[^>]*>- /);
  });

  it("accept-all is the normal export of the revision; reject-all has the original's text", async () => {
    for (const [a, b] of [[ORIGINAL, REVISED], ["# T\n\na", "# T\n\na\n\nb\n\nc"], ["# T\n\nx\n\ny\n\nz", "# T\n\nz"], ["# T\n\nsame", "# T\n\nsame"]] as const) {
      const tracked = await docxOf(a, b, []);
      const normalRevised = await markdownToDocx(b, "周报");
      const normalOriginal = await markdownToDocx(a, "周报");
      expect(trackedDocxText(tracked, true)).toBe(trackedDocxText(normalRevised, true));
      expect(squeeze(trackedDocxText(tracked, false))).toBe(squeeze(trackedDocxText(normalOriginal, true)));
    }
  });

  it("a tracked export keeps the citations as Word footnotes and the reference list", async () => {
    const material: Material = { id: "m001", title: "统计公报", content: "c", source: "国家统计局", published_at: "2024", relevance_score: 1, source_type: "web", url: null, recUuid: null };
    const doc = (markdown: string) => citedDocument({ title: "周报", markdown, materials: [material] });
    const out = await renderDocument(doc("# 周报\n\n增长 5.2% [m001]。\n\n## 展望\n\n明年更好。\n"), {
      format: "docx",
      revisions: { original: doc("# 周报\n\n增长 5% [m001]。\n\n## 展望\n\n明年好。\n"), replacements: [] },
      suffix: "-v1-v2-tracked",
    });
    expect(out.fileName).toBe("周报-v1-v2-tracked.docx");
    const docx = Buffer.from(out.content, "base64");
    const xml = xmlOf(docx);
    expect(xml).toContain("<w:footnoteReference");
    expect(xml.split("参考资料")[0]).not.toContain("[m001]");
    expect(xml).toContain('<w:pStyle w:val="Heading2"/>');
    expect(xml).toMatch(/<w:ins [^>]*>[\s\S]*?<w:t[^>]*>更<\/w:t>/);
    expect(readZipEntry(docx, "word/footnotes.xml")!.toString("utf8")).toContain("统计公报");
    expect(trackedDocxText(docx, true)).toContain("参考资料");
  });

  const soffice = ["soffice", "libreoffice"].find((bin) => {
    try {
      execFileSync("which", [bin], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  });

  // LibreOffice is how CI proves Word-compatible readers open the file with the revisions intact:
  // re-saving as DOCX keeps w:ins / w:del and the comments.
  it.runIf(soffice !== undefined || process.env.CI_REQUIRE_LIBREOFFICE === "1")("opens in LibreOffice headless with its revisions intact", async () => {
    expect(soffice, "LibreOffice (soffice) is not installed: apt-get install libreoffice-writer-nogui").toBeDefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tracked-docx-"));
    try {
      const file = path.join(dir, "review.docx");
      const docx = await docxOf(ORIGINAL, REVISED);
      fs.writeFileSync(file, docx);
      const out = path.join(dir, "out");
      execFileSync(soffice!, [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--convert-to", "docx:MS Word 2007 XML", "--outdir", out, file], { timeout: 120_000, stdio: "ignore" });
      const resaved = fs.readFileSync(path.join(out, "review.docx"));
      expect(squeeze(trackedDocxText(resaved, true))).toBe(squeeze(trackedDocxText(docx, true)));
      expect(squeeze(trackedDocxText(resaved, false))).toBe(squeeze(trackedDocxText(docx, false)));
      expect(readZipEntry(resaved, "word/comments.xml")?.toString("utf8")).toContain("删去模糊词和主观评价");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
