import { describe, expect, it } from "vitest";
import type { Material } from "../../../shared/knowledge.js";
import { trackedDocxText } from "../../../tests/fixtures/trackedDocxText.js";
import { readZipEntry } from "../../../tests/integration/readZipEntry.js";
import { citedDocument } from "./citedDocument.js";
import { renderDocument } from "./renderDocument.js";
import { withCitationNotes } from "./citationNotes.js";
import { markdownToDocx } from "./markdownToDocx.js";

const material = (id: string, extra: Partial<Material> = {}): Material => ({
  id,
  title: `资料${id}`,
  content: "c",
  source: "国家统计局",
  published_at: "2024-02-29",
  relevance_score: 1,
  source_type: "web",
  url: "https://stats.example/report",
  recUuid: null,
  ...extra,
});

describe("citations as notes", () => {
  it("turns material and paper-page citations into footnotes with title, location and page", () => {
    const md = withCitationNotes("增长 5.2% [m001]，见 [m002] 与 [m009]。\n\n表 2 [p.3]，附录 [p.7-8]。\n", [material("m001", { extra_metadata: { page: 12 } }), material("m002", { url: "javascript:x" })], "zh", { title: "Sparse Routing", authors: ["Mei Lin"] });
    expect(md).toContain("增长 5.2% [^m001]，见 [^m002] 与 [m009]。");
    expect(md).toContain("表 2 [^p3]，附录 [^p7-8]。");
    expect(md).toContain("[^m001]: 资料m001，国家统计局，https://stats.example/report，2024-02-29，第 12 页");
    expect(md).toContain("[^m002]: 资料m002，国家统计局，2024-02-29");
    expect(md).toContain("[^p3]: Mei Lin：Sparse Routing，第 3 页");
    expect(md).toContain("[^p7-8]: Mei Lin：Sparse Routing，第 7–8 页");
    expect(withCitationNotes("no citations", [], "en")).toBe("no citations");
  });

  it("DOCX: real Word footnotes (w:footnoteReference in the body, the note text in footnotes.xml)", async () => {
    const docx = await markdownToDocx(withCitationNotes("# T\n\nGrowth was 5.2% [m001].\n", [material("m001")], "en"), "T");
    const body = readZipEntry(docx, "word/document.xml")!.toString("utf8");
    const notes = readZipEntry(docx, "word/footnotes.xml")!.toString("utf8");
    expect(body).toMatch(/<w:footnoteReference w:id="1"\/>/);
    expect(trackedDocxText(docx, true)).toBe("T\nGrowth was 5.2% .");
    expect(notes).toContain("资料m001, 国家统计局, ");
    expect(notes).toContain("https://stats.example/report");
    expect(notes).toContain("2024-02-29");
  });

  it("the article exporter: numbered notes in HTML, footnotes in DOCX, the reference list in every format", async () => {
    const document = citedDocument({ title: "报告", markdown: "# 报告\n\n增长 5.2% [m001]。\n", materials: [material("m001")] });
    const exporter = { export: (format: "markdown" | "html" | "docx") => renderDocument(document, { format }) };
    const request = (format: "markdown" | "html" | "docx") => format;
    const html = (await exporter.export(request("html"))).content;
    expect(html).toMatch(/<sup><a href="#user-content-fn-m001" id="user-content-fnref-m001" data-footnote-ref[^>]*>1<\/a><\/sup>/);
    expect(html).toMatch(/<li id="user-content-fn-m001">[\s\S]*资料m001，国家统计局/);
    expect(html).toContain('<a href="#user-content-fnref-m001" data-footnote-backref=""');
    expect(html).toContain("注释");
    expect(html).toContain("参考资料");
    const docx = Buffer.from((await exporter.export(request("docx"))).content, "base64");
    expect(readZipEntry(docx, "word/document.xml")!.toString("utf8")).toContain("<w:footnoteReference");
    expect(readZipEntry(docx, "word/document.xml")!.toString("utf8")).toContain("参考资料");
    expect((await exporter.export(request("markdown"))).content).toContain("- [m001] [资料m001](https://stats.example/report)，国家统计局，2024-02-29");
  });

  it("the reference list in GB/T 7714 or APA when a style is chosen, in every format", async () => {
    const materials = [material("m001"), material("m002", { title: "Annual report", source: "World Bank", published_at: "2023", url: null })];
    const request = (format: "markdown" | "html" | "docx", referenceStyle: "gb-t-7714" | "apa") => ({ format, referenceStyle });
    const exporter = {
      export: ({ format, referenceStyle }: ReturnType<typeof request>) =>
        renderDocument(citedDocument({ title: "报告", markdown: "# 报告\n\n增长 [m002]，另见 [m001]。\n", materials, referenceStyle }), { format }),
    };
    const md = (await exporter.export(request("markdown", "gb-t-7714"))).content;
    expect(md).toContain("## 参考文献");
    expect(md).toContain("\\[1\\] WORLD BANK. Annual report\\[Z\\]. 2023.");
    expect(md).toContain("\\[2\\] 国家统计局. 资料m001\\[EB/OL\\]. (2024-02-29). https://stats.example/report.");
    const html = (await exporter.export(request("html", "gb-t-7714"))).content;
    expect(html).toContain("[2] 国家统计局. 资料m001[EB/OL]. (2024-02-29).");
    const docx = Buffer.from((await exporter.export(request("docx", "apa"))).content, "base64");
    expect(readZipEntry(docx, "word/document.xml")!.toString("utf8")).toContain("World Bank. (2023). Annual report.");
  });
});
