import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixMarkdown, lintMarkdown, type TypographyConventions } from "../../electron/engine/rules/index.js";

const rulesOf = (text: string, conv?: Partial<TypographyConventions>) => lintMarkdown(text, conv).violations.map((v) => v.rule);

/** [rule, violating text, fixed text (null when the fix needs judgement), clean text]. */
const CASES: Array<[string, string, string | null, string]> = [
  ["1.1", "# 标题\n\n# 又一个标题\n", null, "# 标题\n\n## 小节\n"],
  ["1.2", "# 标题\n\n### 跳级\n", null, "# 标题\n\n## 小节\n\n### 子节\n"],
  ["1.3", "## 升级步骤：\n", "## 升级步骤\n", "## 如何升级？\n"],
  ["1.4", "## 概述\n\n### 概述\n", null, "## 概述\n\n### 背景\n"],
  ["1.5", "第一段。  \n", "第一段。\n", "第一段。  \n第二行是硬换行。\n"],
  ["1.5", "第一段。\n\n\n\n第二段。\n", "第一段。\n\n第二段。\n", "第一段。\n\n第二段。\n"],
  ["2.1", "在LeanCloud上花了5000元", "在 LeanCloud 上花了 5000 元", "在 LeanCloud 上花了 5000 元"],
  ["2.2", "刚刚买了一部 iPhone ，好开心 ！", "刚刚买了一部 iPhone，好开心！", "刚刚买了一部 iPhone，好开心！"],
  ["2.2", "测试  Test   文本", "测试 Test 文本", "测试 Test 文本"],
  ["2.2", "中文\u3000中文", "中文中文", "中文中文"],
  ["2.3", "嗨!你知道吗?如: 这样", "嗨！你知道吗？如：这样", "嗨！你知道吗？早上 8:00，见 名词解释.md"],
  ["2.4", "竟然赢了！！！", "竟然赢了！", "她说了什么？！"],
  ["2.4", "测试，。", null, "测试。"],
  ["2.5", "她说「喵」了", "她说“喵”了", "她说“喵”了"],
  ["2.5", '跟我说 "喵" 了', "跟我说“喵”了", "他说 \"hello\" 了"],
  ["2.6", "核磁共振成像 (NMRI) 是什么", "核磁共振成像（NMRI）是什么", "调用 computed() 方法，minute(s)"],
  ["2.7", "香蕉、苹果、梨...", "香蕉、苹果、梨……", "香蕉、苹果、梨……，以及 try...catch"],
  ["2.7", "测试…！", "测试……！", "测试……！"],
  ["2.8", "带宽 10Gbps，提升 15 %，售价 １０００ 元", "带宽 10 Gbps，提升 15%，售价 1000 元", "带宽 10 Gbps，提升 15%，7B 参数的模型"],
  ["2.9", "运行`npm install`安装", "运行 `npm install` 安装", "运行 `npm install` 安装，或`npm ci`。".replace("或`", "或 `")],
  ["2.10", "[ 在线演示 ](https://example.com)", "[在线演示](https://example.com)", "[在线演示](https://example.com)"],
  ["2.11", "「测试《」", null, "“测试‘Test’测试”，don’t"],
  ["2.12", "他说：“Stay hungry，stay foolish。”", "他说：“Stay hungry, stay foolish.”", "他说：“Stay hungry, stay foolish.”"],
  ["3.1", "```\ncode\n```\n", null, "```bash\ncode\n```\n"],
  ["3.2", "运行 ` npm test ` 即可", null, "运行 `npm test` 即可"],
  ["3.3", "![](a.png)", null, "![架构图](a.png)"],
  ["4.3", "详见[这里](guide.md)。", null, "详见[安装指南](guide.md)。"],
  ["5.1", "使用 github 登录", "使用 GitHub 登录", "使用 GitHub 登录，访问 github.io 与 `github`"],
  ["5.2", "熟悉 Js 和 nextjs", "熟悉 JavaScript 和 Next.js", "熟悉 JavaScript 和 Next.js"],
  ["5.5", "见[高级用法](Advanced_Usage.md)", null, "见[高级用法](advanced-usage.md)和 [许可](LICENSE)"],
  ["6.1", `本产品${"适用于由一台服务器进行动作控制的单一节点结构".repeat(2)}`, null, "本产品适用于多种体系结构。"],
  ["6.4", "您可以安装。您可以配置。你需要重启。", null, "您可以安装。您需要重启。"],
  ["6.5", "延迟降低了 3 倍。", null, "延迟降低了 60%。"],
];

describe("each mechanical rule: violation, fix and clean text", () => {
  it.each(CASES)("rule %s: %j", (rule, bad, fixed, good) => {
    expect(rulesOf(bad)).toContain(rule);
    expect(rulesOf(good)).not.toContain(rule);
    if (fixed !== null) {
      expect(fixMarkdown(bad)).toBe(fixed);
      expect(lintMarkdown(bad).violations.find((v) => v.rule === rule)?.replacement).toBeDefined();
    } else {
      expect(lintMarkdown(bad).violations.find((v) => v.rule === rule)?.replacement).toBeUndefined();
    }
  });
});

describe("English documents (the eval's en-cli-readme labels)", () => {
  it("flags an English heading's full stop, not an abbreviation's or an ellipsis", () => {
    expect(rulesOf("#### Configuration.\n")).toContain("1.3");
    expect(fixMarkdown("#### Configuration.\n")).toBe("#### Configuration\n");
    for (const clean of ["## Tools, libraries etc.\n", "## What next...\n", "## Version 2.0\n", "## Why?\n"]) expect(rulesOf(clean), clean).not.toContain("1.3");
  });

  it("flags fullwidth punctuation anywhere in an English paragraph, and fixes it to halfwidth", () => {
    const text = "The handbook describes it，which is updated monthly。\n";
    expect(rulesOf(text)).toContain("2.12");
    expect(fixMarkdown(text)).toBe("The handbook describes it, which is updated monthly.\n");
    expect(rulesOf("中文段落里，逗号是全角的。\n")).not.toContain("2.12");
  });
});

describe("masking: no findings and no edits inside markup", () => {
  const MASKED = [
    "---\ntitle: 中文English混排!\ntags: [a,b]\n---\n\n正文。\n",
    "正文。\n\n```js\nconst a = \"中文English\"; // 注释!!\n```\n",
    "运行 `中文English!!` 即可。",
    "访问 https://example.com/中文English?a=1,b=2 即可。",
    "链接 [说明](https://example.com/a_B.html#中文English) 在此。",
    "<div>中文English!!</div>\n\n正文。",
    "正文 <span title=\"中文English\">文字</span> 结束。",
    ":::tip 提示English!!\n内容。\n:::\n",
    "## 什么是 Vue？ {#what-is-vue}\n",
    "公式 $a,b;c$ 在此。\n\n$$\n中文English!!\n$$\n",
    "{% raw %}中文English!!{% endraw %}\n\n{% codeblock lang:js %}\nalias： [‘/manage’ ，‘/administer’ ]\n{% endcodeblock %}\n",
    "路径 src/中文/a_B.ts 与 HTTP/2 协议。",
    "取决于你的次数。😉 &nbsp;无法判断时间，",
    "问题 \\#1 是相同的。",
  ];
  it.each(MASKED)("%j", (text) => {
    expect(lintMarkdown(text).violations.filter((v) => v.rule.startsWith("2."))).toEqual([]);
    expect(fixMarkdown(text)).toBe(text);
  });
});

describe("positions and replacements", () => {
  it("reports 1-based line and UTF-16 column, and a line replacement that fixes only that violation", () => {
    const text = "# 标题\n\n第一行。\r\n在LeanCloud上";
    const v = lintMarkdown(text).violations.filter((x) => x.rule === "2.1");
    expect(v.map((x) => [x.line, x.column])).toEqual([[4, 1], [4, 10]]); // a pair is reported at its left character, as textlint does
    expect(v[0]?.replacement).toEqual({ startLine: 4, endLine: 4, text: "在 LeanCloud上" });
    expect(v[1]?.replacement).toEqual({ startLine: 4, endLine: 4, text: "在LeanCloud 上" });
  });

  it("counts columns after astral characters in UTF-16 units", () => {
    const v = lintMarkdown("😉中文English").violations;
    expect(v).toEqual([expect.objectContaining({ rule: "2.1", line: 1, column: 4 })]);
  });

  it("turns a blank-line deletion into a two-line replacement", () => {
    const v = lintMarkdown("甲。\n\n\n乙。\n").violations.find((x) => x.rule === "1.5");
    expect(v?.replacement).toEqual({ startLine: 3, endLine: 4, text: "乙。" });
  });
});

describe("conventions", () => {
  it("numberUnit: none flags the space instead", () => {
    expect(rulesOf("带宽 10Gbps", { numberUnit: "none" })).not.toContain("2.8");
    expect(fixMarkdown("带宽 10 Gbps", { numberUnit: "none" })).toBe("带宽 10Gbps");
  });
  it("brackets: halfwidthForLatin keeps ( ) around English with spaces outside", () => {
    expect(fixMarkdown("数据定义语言(DDL)是", { brackets: "halfwidthForLatin" })).toBe("数据定义语言 (DDL) 是");
    expect(fixMarkdown("数据定义语言（DDL）是", { brackets: "halfwidthForLatin" })).toBe("数据定义语言 (DDL) 是");
    expect(fixMarkdown("接口(见下文)说明", { brackets: "halfwidthForLatin" })).toBe("接口（见下文）说明");
  });
  it("quotes: corner converts curly quotes", () => {
    expect(fixMarkdown("她说“喵”了", { quotes: "corner" })).toBe("她说「喵」了");
    expect(rulesOf("她说「喵」了", { quotes: "corner" })).toEqual([]);
  });
  it("inlineCode: none removes spaces between code and Chinese; ignore checks nothing", () => {
    expect(fixMarkdown("运行 `npm test` 即可", { inlineCode: "none" })).toBe("运行`npm test`即可");
    expect(rulesOf("运行`npm test`即可", { inlineCode: "ignore" })).toEqual([]);
  });
  it("ellipsis: the fixer writes the configured form and accepts both doubled forms", () => {
    expect(fixMarkdown("梨...", { ellipsis: "⋯⋯" })).toBe("梨⋯⋯");
    expect(rulesOf("梨⋯⋯")).toEqual([]);
  });
  it("cjkDigitSpace: false allows 2011年", () => {
    expect(rulesOf("2011年5月", { cjkDigitSpace: false })).toEqual([]);
    expect(rulesOf("豆瓣FM 很好")).toEqual([]);
  });
});

describe("fixMarkdown", () => {
  const pieces = ["中文", "English", "123", " ", "  ", "，", ",", "。", ".", "...", "…", "！", "!", "?", "(", ")", "（", "）", "“", "”", '"', "'", "「", "」", "`code`", "**", "[链接](https://e.com)", "\n", "\n\n", "# ", "- ", "%", "GB", "github", "\u3000", "<b>", "</b>", "{#id}", ":::"];
  const doc = fc.array(fc.constantFrom(...pieces), { maxLength: 24 }).map((xs) => xs.join(""));

  it("is idempotent: fix(fix(x)) === fix(x)", () => {
    fc.assert(
      fc.property(doc, (text) => {
        const once = fixMarkdown(text);
        expect(fixMarkdown(once)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  it("leaves no fixable violation behind and never touches code", () => {
    fc.assert(
      fc.property(doc, (text) => {
        const fixed = fixMarkdown(`${text}\n\n\`\`\`txt\n中文English!!  \n\`\`\`\n`);
        expect(fixed.endsWith("```txt\n中文English!!  \n```\n")).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});

describe("regressions: English prose quoting Chinese is not held to Chinese punctuation width", () => {
  it.each([
    "The guides' 争议 (disputed) sections, e.g. 「」 unified to “”.",
    "In English text, the word 中文 (Chinese) keeps \"halfwidth\" marks: fine.",
  ])("%j", (text) => {
    expect(rulesOf(text).filter((r) => ["2.2", "2.3", "2.5", "2.6"].includes(r))).toEqual([]);
  });
});

describe("the analysis kept for a recently checked document", () => {
  it("gives the same findings per rule subset and conventions, and a caller's edits to a result do not leak", () => {
    const text = "在LeanCloud上花了5000元，带宽 10Gbps！！！\n\n她说「喵」了\n";
    const all = lintMarkdown(text).violations;
    // Module-by-module checks of one draft (a docgen review) reuse one analysis.
    const spacing = lintMarkdown(text, undefined, { rules: ["2.1"] }).violations;
    expect(spacing).toEqual(all.filter((v) => v.rule === "2.1"));
    all.splice(0);
    expect(lintMarkdown(text).violations.length).toBeGreaterThan(3);
    // Conventions are part of what was analysed: corner quotes accept 「」, curly ones do not.
    expect(rulesOf(text, { quotes: "corner" })).not.toContain("2.5");
    expect(rulesOf(text)).toContain("2.5");
    // An edited text is analysed afresh.
    const count21 = (t: string) => rulesOf(t).filter((r) => r === "2.1").length;
    expect(count21(text.replace("LeanCloud", " LeanCloud "))).toBe(count21(text) - 2); // both sides of "LeanCloud"
  });
});

describe("a fix by code never changes what the guide allows", () => {
  it("keeps the fullwidth comma of an acronym's expansion in a Chinese parenthetical (the guide's 5.3 form)", () => {
    for (const ok of [
      "软件开发工具包（Software Development Kit，SDK）是一组工具。",
      "领域特定语言（Domain-Specific Language，DSL）",
      "应用程序接口（Application Programming Interface，API）和图形界面（Graphical User Interface，GUI）。",
      "支持三种格式（JavaScript Object Notation、YAML、TOML）。",
    ]) {
      expect(rulesOf(ok), ok).not.toContain("2.12");
      expect(fixMarkdown(ok), ok).toBe(ok);
    }
    // A quoted English sentence, or an English aside that opens a block, is still English.
    expect(fixMarkdown("他说：“Stay hungry，stay foolish。”")).toBe("他说：“Stay hungry, stay foolish.”");
    expect(rulesOf("（Stay hungry，stay foolish。）")).toContain("2.12");
    expect(rulesOf("见附录（Stay hungry。）")).toContain("2.12");
  });

  it("leaves every ✅ example of rules/DOC_GUIDELINES.md as it is", async () => {
    const { readFileSync } = await import("node:fs");
    const guide = readFileSync(new URL("../../rules/DOC_GUIDELINES.md", import.meta.url), "utf8");
    // `- ✅ `example`` lines with one code span (nested backticks are markup examples, not prose).
    // A `key: value` line is a front-matter example: masked in a document, not prose on its own.
    const examples = [...guide.matchAll(/^- ✅ `([^`]+)`(?:[^`]*)$/gm)].map((m) => m[1]!).filter((e) => !/^[a-z_]+: /.test(e));
    expect(examples.length).toBeGreaterThan(20);
    const changed = examples.filter((e) => fixMarkdown(e) !== e);
    expect(changed).toEqual([]);
  });
});
