import { describe, expect, it } from "vitest";
import type { Material } from "../../../shared/knowledge.js";
import { citedDocument } from "./citedDocument.js";
import type { ExportDocument } from "./ExportDocument.js";
import { fileSafe } from "./fileSafe.js";
import { renderDocument } from "./renderDocument.js";

const materials: Material[] = [
  { id: "m001", title: "资料一", content: "c", source: "内网", published_at: null, relevance_score: 1, source_type: "intranet", url: "javascript:alert(1)", recUuid: null },
];
const doc = (markdown: string, title = "本地/写作:测试"): ExportDocument => citedDocument({ title, markdown, materials });

describe("renderDocument", () => {
  it("names files safely with the suffix and keeps the document's own H1", async () => {
    const out = await renderDocument(doc("# 自己的标题\n\n正文 [m001]。\n"), { format: "markdown", suffix: "-v3" });
    expect(out.fileName).toBe("本地 写作 测试-v3.md");
    expect(out.content.startsWith("# 自己的标题\n\n正文 [m001]。")).toBe(true);
    expect(out.content).toContain("- [m001] 资料一，内网\n");
    expect(fileSafe('<>:"/\\|?*')).toBe("scriptorium");
    // A review session's 审查：… gives no fullwidth colon in a file name.
    expect(fileSafe("审查：年度报告")).toBe("审查 年度报告");
  });

  it("adds the title when the document has no H1", async () => {
    const out = await renderDocument(doc("正文 [m001]。\n"), { format: "markdown" });
    expect(out.content.startsWith("# 本地/写作:测试\n\n正文")).toBe(true);
  });

  it("sanitises HTML: no script, no event handlers, no javascript: links", async () => {
    const markdown = '# T\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[x](javascript:alert(2)) 正文 [m001]\n';
    const out = await renderDocument(doc(markdown), { format: "html" });
    expect(out.mimeType).toContain("text/html");
    expect(out.content).toContain("<h1>T</h1>");
    expect(out.content).toContain("资料一");
    expect(out.content).not.toMatch(/<script|onerror|javascript:/i);
  });

  it("writes a docx as base64 zip", async () => {
    const out = await renderDocument(doc("# T\n\n| a | b |\n|---|---|\n| 1 |\n"), { format: "docx" });
    expect(out.encoding).toBe("base64");
    expect(Buffer.from(out.content, "base64").subarray(0, 2).toString("latin1")).toBe("PK");
  });

  it("refuses an unknown template and tracked changes outside docx, naming the problem", async () => {
    await expect(renderDocument(doc("# T\n"), { format: "docx", template: "fancy" })).rejects.toThrow(/Unknown template "fancy": use default, gb-t-9704/);
    await expect(renderDocument(doc("# T\n"), { format: "docx", template: "/nonexistent/ref.docx" })).rejects.toThrow(/Cannot read the reference document \/nonexistent\/ref.docx \(ENOENT\)/);
    await expect(renderDocument(doc("# T\n"), { format: "html", revisions: { original: doc("# S\n"), replacements: [] } })).rejects.toThrow(/docx only, not html/);
  });
});
