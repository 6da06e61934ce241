import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { PaperAnswer } from "../../shared/workflows/paper.js";
import { quoteAppears } from "../../shared/text/findQuote.js";
import { withoutRepeats } from "../../electron/engine/workflows/common/withoutRepeats.js";
import { echoCanaries, isEcho } from "../../electron/engine/workflows/common/echoGuard.js";
import { keywordsFromIntent } from "../../electron/engine/workflows/article/research/keywordsFromIntent.js";
import { EXTRACT_EXAMPLE } from "../../electron/engine/workflows/paper/prompts.js";
import { ExtractionSchema } from "../../electron/engine/workflows/paper/schemas.js";
import { buildPaperPdf } from "../papers/paperPdf.js";
import { describeReal } from "./describeReal.js";
import { RealServer, timed, type StreamedEvent } from "./realServer.js";

/**
 * The guards on real model output (whatever model describeReal hands us): a paper answer shown
 * never repeats a paragraph and every citation it keeps has its quote on its page; an extraction
 * keeps no echo of the prompt's example; the researcher searches only keywords drawn from the
 * intent (the real model once searched the prompt example's 本地大模型 部署成本 for an unrelated
 * Chinese intent). Short runs: one question, one extraction, one article up to its first pause.
 */
const PAGES = 4;

function answerOf(events: StreamedEvent[]): PaperAnswer {
  const found = events.filter((e) => e.type === "paper_answer").at(-1);
  if (!found) throw new Error(`no paper_answer among ${events.map((e) => e.type).join(", ")}; error: ${JSON.stringify(events.find((e) => e.type === "error"))}`);
  return found.answer as PaperAnswer;
}

describeReal("guards on real model output", (modelPath) => {
  let app: RealServer;
  let docId = "";
  beforeAll(async () => {
    app = await RealServer.start(modelPath, "guards", { contextSize: 4096 });
    const file = path.join(app.dataDir, "sparse.pdf");
    fs.writeFileSync(file, await buildPaperPdf(PAGES));
    const { papers } = await timed("guards: paper import", () => app.rpc<{ papers: Array<{ doc_id: string }> }>("paper.import", { paths: [file] }));
    docId = papers[0]!.doc_id;
  }, 600_000);
  afterAll(async () => app?.close());

  it("a paper answer shows no repeated paragraph, and every citation it keeps has its quote on its page", async () => {
    await timed("guards: paper chat", async () => {
      const { session_id } = await app.post<{ session_id: string }>("/api/paper/start", { doc_id: docId, user_query: "编码器用了多少层注意力？", forced_intent: "chat", single_question: true, locale: "zh" });
      const events = await app.streamUntilSettled("paper", session_id);
      expect(events.at(-1)!.type, JSON.stringify(events.at(-1))).toBe("done");
      const answer = answerOf(events);
      expect(withoutRepeats(answer.answer).removed, answer.answer).toBe(0);
      for (const citation of answer.citations) {
        const onPage = answer.evidence.filter((e) => e.page === citation.page).map((e) => e.text);
        expect(citation.quote, JSON.stringify(citation)).toBeTruthy();
        expect(onPage.some((text) => quoteAppears(text, citation.quote!)), JSON.stringify(citation)).toBe(true);
      }
      // Cite or abstain: an answer without a kept citation is the plain abstention with pages.
      if (answer.citations.length === 0) expect(answer.answer).toMatch(/论文中没有找到直接依据|模型没有给出可用的回答|论文未提及/);
    });
  }, 600_000);

  it("an extraction keeps no echo of the prompt's example", async () => {
    await timed("guards: paper extract", async () => {
      const { session_id } = await app.post<{ session_id: string }>("/api/paper/start", { doc_id: docId, user_query: "List the datasets and results as a table", forced_intent: "extract", single_question: true, locale: "en" });
      const events = await app.streamUntilSettled("paper", session_id);
      expect(events.at(-1)!.type, JSON.stringify(events.at(-1))).toBe("done");
      const data = answerOf(events).data as
        { datasets?: string[]; methods?: string[]; metrics?: string[]; results?: Array<{ method: string; dataset: string; metric: string }> } | undefined;
      const canaries = echoCanaries({ example: EXTRACT_EXAMPLE, schema: ExtractionSchema });
      const paperText = answerOf(events).evidence.map((e) => e.text).join("\n");
      const kept = [
        ...(data?.datasets ?? []),
        ...(data?.methods ?? []),
        ...(data?.metrics ?? []),
        ...(data?.results ?? []).flatMap((r) => [r.method, r.dataset, r.metric]),
      ];
      for (const text of kept) expect(isEcho(text, canaries, paperText), text).toBe(false);
    });
  }, 600_000);

  it("the researcher searches only keywords drawn from the intent", async () => {
    await timed("guards: article keywords", async () => {
      const intent = "写一篇给社区居民看的短文，介绍垃圾分类的好处和做法";
      const { session_id } = await app.post<{ session_id: string }>("/api/ai-writing/start", { user_intent: intent, locale: "zh" });
      const events = await app.streamUntilSettled("ai-writing", session_id);
      expect(events.at(-1), JSON.stringify(events.at(-1))).toMatchObject({ type: "await_user", pausePoint: "material_confirm" });
      const ready = events.find((e) => e.type === "materials_ready") as { keywords: string[] } | undefined;
      expect(ready?.keywords.length).toBeGreaterThan(0);
      for (const keyword of ready!.keywords)
        expect(keywordsFromIntent([keyword], [intent]).kept.length === 1 || intent.startsWith(keyword), keyword).toBe(true);
      expect(ready!.keywords.join(" ")).not.toMatch(/本地大模型|部署成本|开源模型|数据隐私/);
    });
  }, 600_000);
});
