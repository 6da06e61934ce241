import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { ImportReport } from "../../shared/knowledge.js";
import { makeTranslate } from "../i18n/translate.js";
import { trackProgress } from "../store/progressTracker.js";
import { ImportReportView, importReason } from "./ImportReportView.js";

const report: ImportReport = {
  imported: 1,
  skipped: 1,
  failed: 2,
  chunks: 3,
  files: [
    { path: "/lib/broken.pdf", status: "failed", code: "corrupt", reason: "broken.pdf: not a readable PDF (bad xref)." },
    { path: "/lib/odd.doc", status: "failed", reason: "mammoth: unexpected end" },
    { path: "/lib/image.bin", status: "skipped", code: "unsupported_type", reason: "unsupported file type (.bin)" },
    { path: "/lib/good.md", status: "imported", chunks: 3 },
  ],
  omitted: 5,
};

describe("ImportReportView", () => {
  it("shows the counts and each file with its status and translated reason, in zh and en", () => {
    const zh = renderToStaticMarkup(<ImportReportView report={report} t={makeTranslate("zh-CN")} />);
    expect(zh).toContain("已导入 1 · 已跳过 1 · 失败 2");
    expect(zh).toContain("文件已损坏或不是有效的格式");
    expect(zh).toContain("不支持的文件类型");
    expect(zh).toContain("另有 5 个文件未列出");
    // Something failed: the list is open.
    expect(zh).toMatch(/<details open/);
    const en = renderToStaticMarkup(<ImportReportView report={report} t={makeTranslate("en")} />);
    expect(en).toContain("Imported 1 · skipped 1 · failed 2");
    expect(en).toContain("The file is damaged or not a valid document");
    expect(en).toContain("Unsupported file type");
  });

  it("falls back to the engine's words for a reason without a known code", () => {
    const t = makeTranslate("en");
    expect(importReason(t, report.files[1]!)).toBe("mammoth: unexpected end");
    expect(importReason(t, { path: "x", status: "failed", code: "from_the_future", reason: "new reason" })).toBe("new reason");
    expect(importReason(t, report.files[3]!)).toBeNull();
  });

  it("keeps the report of a task's last progress event", () => {
    const progress = trackProgress(undefined, { type: "progress", task: "ingest-1", done: 1, total: 1, message: "ingested 1", report, seq: 1, sessionId: "system", ts: "" }, 0);
    expect(progress).toMatchObject({ finished: true, report });
  });
});
