import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Engine } from "../../electron/engine/Engine.js";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { PAPER_TITLE, buildPaperPdf } from "./paperPdf.js";
import { importBytes, paperEngine } from "./paperEngineKit.js";

const llm = () =>
  new ScriptedLlm({ replies: { "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 }, "paper.translate_terms": { terms: [] } } });

describe("paper.pageView (the reader's PDF bytes and OCR boxes)", () => {
  let engine: Engine | undefined;
  afterEach(async () => engine?.dispose());

  it("serves the imported PDF itself, and refuses it once the file moved or changed, or for a paper that is no PDF", async () => {
    const opened = await paperEngine(llm());
    engine = opened.engine;
    const pdf = await buildPaperPdf();
    const docId = await importBytes(engine, opened.dataDir, "sparse.pdf", pdf);
    const view = await engine.call("paper.pageView", { doc_id: docId });
    expect({ ...view, pdf: null }).toEqual({ kind: "pdf", pdf: null, missing: null, ocr: [] });
    expect(Buffer.from(view.pdf!, "base64").equals(Buffer.from(pdf))).toBe(true);

    // The recorded file edited after import: its bytes are not the paper's any more, so none are sent.
    const file = path.join(opened.dataDir, "files", "sparse.pdf");
    fs.appendFileSync(file, "% appended\n");
    expect(await engine.call("paper.pageView", { doc_id: docId })).toMatchObject({ pdf: null, missing: "changed" });
    fs.rmSync(file);
    expect(await engine.call("paper.pageView", { doc_id: docId })).toMatchObject({ pdf: null, missing: "moved" });

    const mdId = await importBytes(engine, opened.dataDir, "notes.md", "# Soil Carbon Survey\n\nThe survey covered 420 farms.\n");
    expect(await engine.call("paper.pageView", { doc_id: mdId })).toEqual({ kind: "markdown", pdf: null, missing: "not_pdf", ocr: [] });
    // Only a doc_id names the file: an unknown one, or a path, is not found; nothing else is read.
    await expect(engine.call("paper.pageView", { doc_id: "/etc/passwd" })).rejects.toMatchObject({ code: "not_found" });
    await expect(engine.call("paper.pageView", { doc_id: "" } as never)).rejects.toMatchObject({ code: "bad_request" });
  });
});
