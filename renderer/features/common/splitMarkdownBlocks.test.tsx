import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { splitMarkdownBlocks } from "./splitMarkdownBlocks.js";
import { MarkdownBlockView, markdownComponents } from "./MarkdownView.js";
import { makeTranslate } from "../../i18n/translate.js";

const components = markdownComponents(makeTranslate("zh-CN"), () => {});
const html = (markdown: string) => renderToStaticMarkup(createElement(MarkdownBlockView, { markdown, components }));
/** The draft rendered block by block, as MarkdownView does (a newline between blocks). */
const byBlocks = (markdown: string) => splitMarkdownBlocks(markdown).map((b) => html(b.markdown)).join("\n");

// Pieces that can span blank lines or refer across blocks, mixed with ordinary prose.
const PIECES = [
  "本地模型让资料留在内网[m001]。",
  "**数据不出内网**：检索增强[m002][m013]。",
  "- 第一项[m001]",
  "- 第二项",
  "1. 有序一",
  "2. 有序二",
  "  缩进的续行",
  "    indented code",
  "```js",
  "```",
  "~~~",
  "| a | b |\n| - | - |\n| 1 | 2 |",
  "> 引用一段",
  "## 小节标题",
  "<script>",
  "alert(1)",
  "</script>",
  "<!-- 注释",
  "-->",
  "<div onclick=\"x()\">块</div>",
  "[链接](javascript:alert(1)) 和 [正常](https://example.org)",
  "![图](https://example.org/a.png)",
  "[ref]: https://example.org",
  "使用 [ref] 引用",
  "正文[^1]",
  "[^1]: 脚注",
  "***",
  "",
  "",
];

describe("splitMarkdownBlocks", () => {
  it("cuts paragraphs at blank lines and keys them by their opening text", () => {
    const blocks = splitMarkdownBlocks("\n甲段落\n\n\n乙段落\n续行\n\n甲段落\n");
    expect(blocks).toEqual([
      { key: "0:甲段落", markdown: "甲段落\n\n" },
      { key: "0:乙段落\n续行", markdown: "乙段落\n续行\n" },
      { key: "1:甲段落", markdown: "甲段落\n" },
    ]);
  });

  it("keeps fenced code, loose lists and indented continuations whole; does not cut raw HTML drafts", () => {
    // (A list item never starts a block of its own: it joins whatever precedes it.)
    const fenced = "```\na\n\nb\n```";
    const list = "- a\n\n- b\n\n  续";
    const html = "<script>\n\nalert(1)\n</script>";
    const blocks = splitMarkdownBlocks(`${fenced}\n\n${list}\n\n尾`).map((b) => b.markdown.trimEnd());
    expect(blocks).toEqual([`${fenced}\n\n${list}`, "尾"]);
    expect(splitMarkdownBlocks(`甲\n\n${html}\n\n尾`)).toHaveLength(1);
  });

  it("gives a growing block the same key once it is longer than the key prefix", () => {
    const head = "在内网环境中部署本地大模型，可以让敏感资料始终留在单位的服务器上，检索增强生成把知识库中的段落作为上下文";
    const before = splitMarkdownBlocks(`前文\n\n${head}`);
    const after = splitMarkdownBlocks(`新插入\n\n前文\n\n${head}交给模型`);
    expect(after.map((b) => b.key).slice(1)).toEqual(before.map((b) => b.key));
  });

  it("renders exactly what the whole draft renders, citations and safety included (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }), fc.array(fc.constantFrom("\n", "\n\n", "\n\n\n", "\n \n"), { maxLength: 24 }), (pieces, gaps) => {
        const doc = pieces.map((p, i) => p + (gaps[i] ?? "\n\n")).join("");
        expect(byBlocks(doc)).toBe(html(doc));
      }),
      { numRuns: 1000 },
    );
  });

  it("renders a streamed draft cut at any point like the whole text", () => {
    const draft = "**离线可用**：段一[m001]。\n\n- 项一\n- 项二[m002]\n\n```\ncode\n\nmore\n```\n\n段二 [x](https://a.example) 结尾。";
    for (let cut = 0; cut <= draft.length; cut++) {
      const partial = draft.slice(0, cut);
      expect(byBlocks(partial)).toBe(html(partial));
    }
    expect(html(draft)).toContain('class="cite-chip"');
    expect(html(draft)).not.toContain("<script");
  });
});
