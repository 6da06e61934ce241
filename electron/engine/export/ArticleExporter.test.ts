import { describe, expect, it } from "vitest";
import type { Material } from "../../../shared/knowledge.js";
import type { ExportRequest } from "./ExportPort.js";
import { ArticleExporter, fileSafe } from "./ArticleExporter.js";

const version = { number: 3, reason: "editor" as const, created_at: "2024-01-01T00:00:00.000Z", scores: null, chars: 10 };
const request = (markdown: string, format: ExportRequest["format"]): ExportRequest => ({ sessionId: "s1", format, title: "本地/写作:测试", version, markdown });
const materials: Material[] = [
  { id: "m001", title: "资料一", content: "c", source: "内网", published_at: null, relevance_score: 1, source_type: "intranet", url: "javascript:alert(1)", recUuid: null },
];

describe("ArticleExporter", () => {
  const exporter = new ArticleExporter(() => materials);

  it("names files safely with the version and keeps the draft's own H1", async () => {
    const out = await exporter.export(request("# 自己的标题\n\n正文 [m001]。\n", "markdown"));
    expect(out.fileName).toBe("本地 写作 测试-v3.md");
    expect(out.content.startsWith("# 自己的标题\n\n正文 [m001]。")).toBe(true);
    expect(out.content).toContain("- [m001] 资料一，内网\n");
    expect(fileSafe('<>:"/\\|?*')).toBe("scriptorium");
  });

  it("adds the session title when the draft has no H1", async () => {
    const out = await exporter.export(request("正文 [m001]。\n", "markdown"));
    expect(out.content.startsWith("# 本地/写作:测试\n\n正文")).toBe(true);
  });

  it("sanitises HTML: no script, no event handlers, no javascript: links", async () => {
    const markdown = '# T\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[x](javascript:alert(2)) 正文 [m001]\n';
    const out = await exporter.export(request(markdown, "html"));
    expect(out.mimeType).toContain("text/html");
    expect(out.content).toContain("<h1>T</h1>");
    expect(out.content).toContain("资料一");
    expect(out.content).not.toMatch(/<script|onerror|javascript:/i);
  });

  it("writes a docx as base64 zip", async () => {
    const out = await exporter.export(request("# T\n\n| a | b |\n|---|---|\n| 1 |\n", "docx"));
    expect(out.encoding).toBe("base64");
    expect(Buffer.from(out.content, "base64").subarray(0, 2).toString("latin1")).toBe("PK");
  });
});
