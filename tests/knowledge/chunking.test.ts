import { describe, expect, it } from "vitest";
import { chunkMarkdown } from "../../electron/engine/knowledge/ingest/chunkMarkdown.js";
import { chunkCode } from "../../electron/engine/knowledge/ingest/chunkCode.js";
import { htmlToMarkdown } from "../../electron/engine/knowledge/ingest/htmlToMarkdown.js";
import { splitText } from "../../electron/engine/knowledge/ingest/splitText.js";
import { detectLang } from "../../electron/engine/knowledge/ingest/RawChunk.js";

const sentence = "写作需要耐心和练习，每天坚持写一点。";

describe("chunkMarkdown", () => {
  it("splits at headings and prefixes each chunk with its heading path", async () => {
    const md = [
      "# 写作指南", "导言一句。", "", "## 结构", "先列提纲。", "", "### 段落", "每段一个中心。",
      "", "```md", "## 不是标题", "```", "", "## 修改", "反复修改。",
    ].join("\n");
    const chunks = await chunkMarkdown(md);
    expect(chunks.map((c) => c.headingPath)).toEqual([
      "写作指南", "写作指南 > 结构", "写作指南 > 结构 > 段落", "写作指南 > 修改",
    ]);
    expect(chunks[1]!.text).toBe("【所属章节：写作指南 > 结构】\n先列提纲。");
    // A heading inside a code fence is body text.
    expect(chunks[2]!.text).toContain("## 不是标题");
    expect(chunks[0]!.lineStart).toBe(2);
    expect(chunks[1]!.lineStart).toBe(5);
    expect(chunks[3]!.lineStart).toBe(15);
    expect(chunks.every((c) => c.lang === "zh")).toBe(true);
  });

  it("keeps long sections under 500 characters per chunk with ordered line ranges", async () => {
    const body = Array.from({ length: 80 }, (_, i) => `${i}${sentence}`).join("\n");
    const chunks = await chunkMarkdown(`## 长节\n${body}`);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.text.startsWith("【所属章节：长节】\n")).toBe(true);
      expect(chunk.text.length - "【所属章节：长节】\n".length).toBeLessThanOrEqual(500);
      expect(chunk.lineEnd!).toBeGreaterThanOrEqual(chunk.lineStart!);
    }
    const starts = chunks.map((c) => c.lineStart!);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(chunks.at(-1)!.lineEnd).toBe(81);
  });
});

describe("splitText", () => {
  it("cuts Chinese prose at sentence marks and never opens a chunk with one", async () => {
    const text = sentence.repeat(60);
    const pieces = await splitText(text, { chunkSize: 100, chunkOverlap: 10 });
    expect(pieces.length).toBeGreaterThan(5);
    for (const piece of pieces) {
      expect(piece.text.length).toBeLessThanOrEqual(101);
      expect(piece.text).not.toMatch(/^[。！？；，]/);
    }
  });
});

describe("chunkCode", () => {
  it("gives line ranges covering the file and names the path", () => {
    const code = Array.from({ length: 150 }, (_, i) => (i % 20 === 19 ? "" : `const v${i} = ${i};`)).join("\n");
    const chunks = chunkCode(code, "src/values.ts", "typescript", { maxLines: 40 });
    expect(chunks[0]!.lineStart).toBe(1);
    expect(chunks.at(-1)!.lineEnd).toBe(150);
    for (const [i, chunk] of chunks.entries()) {
      expect(chunk.lang).toBe("typescript");
      expect(chunk.text.startsWith(`【文件：src/values.ts 第${chunk.lineStart}-${chunk.lineEnd}行】`)).toBe(true);
      expect(chunk.lineEnd! - chunk.lineStart! + 1).toBeLessThanOrEqual(40);
      if (i > 0) expect(chunk.lineStart!).toBeLessThanOrEqual(chunks[i - 1]!.lineEnd! + 1);
    }
  });
});

describe("htmlToMarkdown", () => {
  it("keeps headings as markdown and drops scripts", () => {
    const md = htmlToMarkdown("<html><head><title>t</title><script>x()</script></head><body><h2>茶</h2><p>茶很<b>香</b>。</p><ul><li>绿茶</li></ul></body></html>");
    expect(md).toBe("## 茶\n\n茶很香。\n\n绿茶");
  });
});

describe("detectLang", () => {
  it("tells Chinese from English", () => {
    expect(detectLang("深度学习 deep learning")).toBe("zh");
    expect(detectLang("The quick brown fox")).toBe("en");
  });
});
