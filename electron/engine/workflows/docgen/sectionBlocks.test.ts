import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { replaceSection, sectionBlocks } from "./sectionBlocks.js";

describe("sectionBlocks / replaceSection", () => {
  const doc = "# 文档\n\n## 一\n\n甲。\n\n```md\n## 不是标题\n```\n\n## 二\n\n【章节 2 生成失败: timeout】\n\n## 三\n\n丙。\n";

  it("finds the ## sections outside code fences", () => {
    expect(sectionBlocks(doc).map((b) => b.title)).toEqual(["一", "二", "三"]);
  });

  it("replaces one section, keeping every other byte", () => {
    const out = replaceSection(doc, 1, "## 二\n\n新的乙。\n\n\n");
    expect(out).toBe(doc.replace("【章节 2 生成失败: timeout】", "新的乙。"));
    expect(replaceSection(doc, 2, "## 三\n\n新丙。")).toBe(doc.replace("丙。", "新丙。"));
    expect(() => replaceSection(doc, 3, "x")).toThrow(RangeError);
  });

  it("property: lines outside the replaced section are identical", () => {
    const line = fc.stringMatching(/^[a-z一二 ]{0,8}$/);
    fc.assert(
      fc.property(
        fc.array(fc.array(line, { maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        fc.nat(),
        fc.array(line, { maxLength: 3 }),
        (bodies, pick, body) => {
          const sections = bodies.map((b, i) => [`## s${i}`, ...b].join("\n"));
          const md = `# t\n\n${sections.join("\n\n")}\n`;
          const i = pick % sections.length;
          const out = replaceSection(md, i, [`## s${i}`, "new", ...body].join("\n"));
          const before = sections.slice(0, i).join("\n\n");
          expect(out.startsWith(`# t\n\n${before}`)).toBe(true);
          const after = sections.slice(i + 1).join("\n\n");
          expect(out.endsWith(after ? `${after}\n` : "\n")).toBe(true);
          expect(sectionBlocks(out).map((b) => b.title)).toEqual(sections.map((_, k) => `s${k}`));
        },
      ),
    );
  });
});
