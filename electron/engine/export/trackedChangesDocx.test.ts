import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { trackedDocxText } from "../../../tests/fixtures/trackedDocxText.js";
import { readZipEntry } from "../../../tests/integration/readZipEntry.js";
import { applyChoices, resolveChanges, trackedChangeList } from "./trackedChangeList.js";
import { trackedChangesDocx } from "./trackedChangesDocx.js";

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

describe("trackedChangesDocx", () => {
  it("writes w:ins / w:del revisions by Scriptorium with a comment per replacement; accept-all and reject-all texts are exact", async () => {
    const docx = await trackedChangesDocx(ORIGINAL, REVISED, REPLACEMENTS, { title: "周报", date: new Date("2026-12-03T10:00:00Z") });
    const xml = readZipEntry(docx, "word/document.xml")!.toString("utf8");
    expect(xml).toMatch(/<w:ins w:id="\d+" w:author="Scriptorium" w:date="2026-12-03T10:00:00Z">/);
    expect(xml).toMatch(/<w:del w:id="\d+" w:author="Scriptorium" w:date="2026-12-03T10:00:00Z">/);
    expect(xml).toContain("<w:commentRangeStart");
    const comments = readZipEntry(docx, "word/comments.xml")!.toString("utf8");
    expect(comments).toContain("规则 2.1：删去模糊词和主观评价");
    expect(comments).toContain("规则 3.4：merge the lines");
    expect(comments).toContain('w:author="Scriptorium"');
    expect(trackedDocxText(docx, true)).toBe(REVISED);
    expect(trackedDocxText(docx, false)).toBe(ORIGINAL);
  });

  it("handles a document that only grows, one that only shrinks and an unchanged one", async () => {
    for (const [a, b] of [["a", "a\nb\n\nc"], ["x\ny\nz", "z"], ["same\ntext", "same\ntext"], ["", "new"]] as const) {
      const docx = await trackedChangesDocx(a, b, [], { title: "t" });
      expect(trackedDocxText(docx, true)).toBe(b);
      expect(trackedDocxText(docx, false)).toBe(a);
    }
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
  // its txt export shows the document with changes shown (deleted and inserted text both present);
  // re-saving as DOCX keeps w:ins / w:del.
  it.runIf(soffice !== undefined || process.env.CI_REQUIRE_LIBREOFFICE === "1")("opens in LibreOffice headless with its revisions intact", async () => {
    expect(soffice, "LibreOffice (soffice) is not installed: apt-get install libreoffice-writer-nogui").toBeDefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tracked-docx-"));
    try {
      const file = path.join(dir, "review.docx");
      fs.writeFileSync(file, await trackedChangesDocx(ORIGINAL, REVISED, REPLACEMENTS, { title: "周报" }));
      const out = path.join(dir, "out");
      execFileSync(soffice!, [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--convert-to", "docx:MS Word 2007 XML", "--outdir", out, file], { timeout: 120_000, stdio: "ignore" });
      const resaved = fs.readFileSync(path.join(out, "review.docx"));
      expect(trackedDocxText(resaved, true)).toBe(REVISED);
      expect(trackedDocxText(resaved, false)).toBe(ORIGINAL);
      expect(readZipEntry(resaved, "word/comments.xml")?.toString("utf8")).toContain("删去模糊词和主观评价");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
