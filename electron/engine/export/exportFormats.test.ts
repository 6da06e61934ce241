import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import { readZipEntry } from "../../../tests/integration/readZipEntry.js";
import { sofficeBinary } from "../../../tests/fixtures/sofficeBinary.js";
import type { ExportDocument } from "./ExportDocument.js";
import { CJK_FONT_HINT, cjkFonts, findCjkFont } from "./findCjkFont.js";
import { markdownToPdf } from "./markdownToPdf.js";
import { renderDocument } from "./renderDocument.js";

const NOTICE = fs.readFileSync(path.resolve("tests/fixtures/export/notice.md"), "utf8");
const notice: ExportDocument = { title: "关于开展年度安全检查的通知", markdown: NOTICE, locale: "zh", fileName: "notice" };
const work = fs.mkdtempSync(path.join(os.tmpdir(), "export-formats-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const write = async (doc: ExportDocument, format: "pdf" | "docx", template?: string) => {
  const out = await renderDocument(doc, { format, ...(template ? { template } : {}) });
  const file = path.join(work, out.fileName.replace(/\.(\w+)$/, `-${template ? path.basename(template, ".docx") : "plain"}.$1`));
  fs.writeFileSync(file, Buffer.from(out.content, "base64"));
  return file;
};
const tool = (bin: string, args: string[]) => execFileSync(bin, args, { encoding: "utf8", timeout: 60_000 });
const hasPoppler = (() => {
  try {
    execFileSync("pdffonts", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
const hasCjkFont = cjkFonts().length > 0;
// CI (.ci/run sets CI_REQUIRE_LIBREOFFICE and installs poppler-utils and a CJK font) never skips the PDF checks.

describe("PDF", () => {
  it.runIf((hasPoppler && hasCjkFont) || process.env.CI_REQUIRE_LIBREOFFICE === "1")("embeds a Chinese font as a subset; the text layer gives back the body, the footnote, the table and the headings", async () => {
    const file = await write(notice, "pdf");
    expect(fs.readFileSync(file).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const fonts = tool("pdffonts", [file]);
    // pdffonts: name, type, encoding, emb, sub, uni — a subset's name is prefixed ABCDEF+.
    const row = fonts.split("\n").find((l) => /^[A-Z]{6}\+/.test(l));
    expect(row, fonts).toBeDefined();
    expect(row!.split(/\s+/).slice(-5, -2)).toEqual(["yes", "yes", "yes"]);
    const text = tool("pdftotext", ["-layout", file, "-"]);
    for (const expected of ["关于开展年度安全检查的通知", "为做好年度安全生产工作", "依据《中华人民共和国安全生产法》第二十条", "信息中心", "检查范围", "用电线路是否规范"]) expect(text).toContain(expected);
    expect(text).toMatch(/通知如下。\[1\]/);
  }, 60_000);

  it.runIf((hasPoppler && hasCjkFont) || process.env.CI_REQUIRE_LIBREOFFICE === "1")("the GB/T 9704 layout numbers the headings 一、（一） and uses an A4 page", async () => {
    const file = await write(notice, "pdf", "gb-t-9704");
    const text = tool("pdftotext", [file, "-"]);
    expect(text).toContain("一、检查范围");
    expect(text).toContain("（一）重点内容");
    expect(text).toContain("二、工作要求");
    expect(tool("pdfinfo", [file])).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
  }, 60_000);

  it("without any Chinese font the error names what to install", async () => {
    expect(() => findCjkFont("body", [])).toThrow(CJK_FONT_HINT);
    expect(CJK_FONT_HINT).toMatch(/fonts-wqy-microhei or fonts-noto-cjk/);
    await expect(markdownToPdf("# 标题", "标题", { locale: "zh", fonts: [] })).rejects.toThrow(/No Chinese font found/);
  });
});

describe("DOCX templates", () => {
  const xml = (file: string, part: string) => readZipEntry(fs.readFileSync(file), part)!.toString("utf8");

  it("gb-t-9704: 仿宋 body, 小标宋 title, A4 with 37 mm top and 28 mm left margins, headings 一、（一）, Word footnotes", async () => {
    const file = await write(notice, "docx", "gb-t-9704");
    const styles = xml(file, "word/styles.xml");
    const document = xml(file, "word/document.xml");
    const styleOf = (id: string) => new RegExp(`<w:style [^>]*w:styleId="${id}"[\\s\\S]*?</w:style>`).exec(styles)?.[0] ?? "";
    expect(styleOf("Normal")).toMatch(/w:eastAsia="仿宋_GB2312"/);
    expect(styleOf("Normal")).toContain('<w:sz w:val="32"/>');
    expect(styleOf("Title")).toMatch(/w:eastAsia="方正小标宋简体"/);
    expect(styleOf("Title")).toMatch(/<w:name w:val="[^"]*华文中宋[^"]*"\/>/);
    expect(xml(file, "word/fontTable.xml")).toMatch(/<w:font w:name="方正小标宋简体"><w:altName w:val="华文中宋"\/>/);
    const margins = /<w:pgMar ([^>]*)\/>/.exec(document)![1]!;
    const twips = (attr: string) => Number(new RegExp(`w:${attr}="(\\d+)"`).exec(margins)![1]);
    expect(Math.abs(twips("top") - 2098)).toBeLessThanOrEqual(60);
    expect(Math.abs(twips("left") - 1588)).toBeLessThanOrEqual(60);
    expect(document).toMatch(/<w:pgSz w:w="11906" w:h="16838"/);
    expect(document).toContain('<w:pStyle w:val="Title"/>');
    expect(document).toContain(">一、检查范围<");
    expect(document).toContain(">（一）重点内容<");
    expect(document).toContain("<w:footnoteReference");
    expect(xml(file, "word/footnotes.xml")).toContain("中华人民共和国安全生产法");
  });

  it("a user's reference.docx restyles the output: its styles and its page", async () => {
    const reference = new Document({
      styles: {
        paragraphStyles: [
          { id: "Normal", name: "Normal", run: { font: { ascii: "Georgia", eastAsia: "楷体", hAnsi: "Georgia" }, size: 26, color: "123456" } },
          { id: "Heading2", name: "Heading 2", basedOn: "Normal", run: { font: { eastAsia: "黑体" }, size: 36, color: "AA0000" } },
        ],
      },
      sections: [{ properties: { page: { margin: { top: 1000, left: 2000, bottom: 1000, right: 2000 } } }, children: [new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun("样式")] })] }],
    });
    const refFile = path.join(work, "reference.docx");
    fs.writeFileSync(refFile, await Packer.toBuffer(reference));
    const file = await write(notice, "docx", refFile);
    const styles = xml(file, "word/styles.xml");
    expect(styles).toContain('w:eastAsia="楷体"');
    expect(styles).toContain('<w:color w:val="AA0000"/>');
    expect(styles).not.toContain("仿宋_GB2312");
    const document = xml(file, "word/document.xml");
    expect(document).toMatch(/<w:pgMar w:top="1000" w:right="2000" w:bottom="1000" w:left="2000"/);
    // The text carries no direct font, so the reference's styles decide.
    expect(document).not.toMatch(/<w:rFonts [^>]*w:eastAsia=/);
    expect(document).toContain('<w:pStyle w:val="Heading2"/>');
  });

  const soffice = sofficeBinary();
  it.runIf(soffice !== undefined || process.env.CI_REQUIRE_LIBREOFFICE === "1")("LibreOffice opens the gb-t-9704 file and keeps its text and footnote", async () => {
    expect(soffice, "LibreOffice (soffice) is not installed: apt-get install libreoffice-writer-nogui").toBeDefined();
    const file = await write(notice, "docx", "gb-t-9704");
    const out = path.join(work, "lo");
    execFileSync(soffice!, [`-env:UserInstallation=file://${work}/profile`, "--headless", "--convert-to", "docx:MS Word 2007 XML", "--outdir", out, file], { timeout: 120_000, stdio: "ignore" });
    const resaved = path.join(out, path.basename(file));
    expect(xml(resaved, "word/document.xml")).toContain("为做好年度安全生产工作");
    expect(xml(resaved, "word/document.xml")).toContain("一、检查范围");
    expect(xml(resaved, "word/footnotes.xml")).toContain("中华人民共和国安全生产法");
  }, 180_000);
});
