import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PAPER_INTENTS, type PaperAnswer } from "../../shared/workflows/paper.js";
import { repeatKey, withoutRepeats } from "../../electron/engine/workflows/common/withoutRepeats.js";
import type { TranslatedParagraph } from "../../electron/engine/workflows/paper/translateParagraph.js";
import { buildPaperPdf } from "../papers/paperPdf.js";
import { describeReal } from "./describeReal.js";
import { lastSeq, RealServer, timed, type StreamedEvent } from "./realServer.js";

/**
 * The paper reader on the real model, over HTTP: a generated 4-page PDF imported through
 * `/api/rpc/paper.import` (embedded by the real model, as the app does without an embedding
 * model), each of the seven intents forced, a deep read, and a follow-up in one session. What
 * must hold whatever a 270M base model writes: every run reaches `done`, and every citation names
 * a page the paper has.
 */
const PAGES = 4;

function answerOf(events: StreamedEvent[]): PaperAnswer {
  const found = events.filter((e) => e.type === "paper_answer").at(-1);
  if (!found) throw new Error(`no paper_answer among ${events.map((e) => e.type).join(", ")}; error: ${JSON.stringify(events.find((e) => e.type === "error"))}`);
  return found.answer as PaperAnswer;
}

/** What was streamed for a step: the token events' text in order. */
function streamedOf(events: StreamedEvent[], step: string): string {
  return events.filter((e) => e.type === "token" && e.step === step).map((e) => String(e.text)).join("");
}

/**
 * What the translate agent shows, whatever a 270M model writes: at most six paragraphs, each a
 * translation with Han characters (the paper is English) or the original under its mark, no
 * paragraph twice, and nothing streamed that the answer does not hold (only checked text streams).
 */
function expectCheckedTranslation(answer: PaperAnswer, events: StreamedEvent[]): void {
  const data = answer.data as { target: string; paragraphs: TranslatedParagraph[]; total_paragraphs: number };
  expect(data.target).toBe("zh");
  expect(data.paragraphs.length).toBeGreaterThan(0);
  expect(data.paragraphs.length).toBeLessThanOrEqual(6);
  for (const p of data.paragraphs) {
    if (p.status === "kept_source") expect(answer.answer).toContain(`> ⚠ This paragraph could not be translated reliably; the original is kept\n\n${p.source}`);
    else {
      expect(p.target, p.target).toMatch(/\p{Script=Han}/u);
      expect(answer.answer).toContain(p.target);
    }
  }
  const shown = answer.answer.split(/\n\s*\n/).filter((part) => !part.startsWith(">")).map(repeatKey).filter((key) => key.length >= 12);
  expect(new Set(shown).size, answer.answer).toBe(shown.length);
  const streamed = streamedOf(events, "translate");
  expect(answer.answer.endsWith(streamed), streamed).toBe(true);
  const tokens = events.filter((e) => e.type === "step_tokens" && e.step === "translate").at(-1);
  const calls = data.paragraphs.reduce((sum, p) => sum + p.calls, 0);
  const step = events.find((e) => e.type === "step_done" && e.step === "translate");
  const faults = data.paragraphs.map((p) => `${p.status}${p.faults.length ? `(${p.faults.join("+")})` : ""}`).join(", ");
  console.log(`[real] translate: ${data.paragraphs.length}/${data.total_paragraphs} paragraphs, ${calls} model calls, ${String(tokens?.tokens)} tokens, step ${String(step?.durationMs)} ms: ${faults}`);
}

function expectPagesExist(answer: PaperAnswer): void {
  for (const c of answer.citations) expect(c.page, JSON.stringify(c)).toBeGreaterThanOrEqual(1);
  for (const c of answer.citations) expect(c.page, JSON.stringify(c)).toBeLessThanOrEqual(PAGES);
  for (const e of answer.evidence) expect(e.page).toBeLessThanOrEqual(PAGES);
}

describeReal("paper reader on the real model over HTTP", (modelPath) => {
  let app: RealServer;
  let docId = "";
  beforeAll(async () => {
    app = await RealServer.start(modelPath, "paper", { contextSize: 4096 });
    const file = path.join(app.dataDir, "sparse.pdf");
    fs.writeFileSync(file, await buildPaperPdf(PAGES));
    const { papers } = await timed("paper import", () => app.rpc<{ papers: Array<{ doc_id: string; pages: number }> }>("paper.import", { paths: [file] }));
    expect(papers[0]!.pages).toBe(PAGES);
    docId = papers[0]!.doc_id;
  }, 600_000);
  afterAll(async () => app?.close());

  it.each(PAPER_INTENTS.filter((i) => i !== "deep_read"))("a forced %s question reaches done; its citations name real pages", async (intent) => {
    await timed(`paper ${intent}`, async () => {
      const { session_id } = await app.post<{ session_id: string }>("/api/paper/start", { doc_id: docId, user_query: "How many attention layers does the encoder use?", forced_intent: intent, single_question: true, locale: "en" });
      const events = await app.streamUntilSettled("paper", session_id);
      expect(events.at(-1)!.type, JSON.stringify(events.at(-1))).toBe("done");
      const answer = answerOf(events);
      expect(answer.intent).toBe(intent);
      expectPagesExist(answer);
      if (["chat", "translate", "literature_review"].includes(intent)) expect(events.some((e) => e.type === "token")).toBe(true);
      if (intent === "translate") expectCheckedTranslation(answer, events);
      // The review streams only checked text: no loop, no instructions restated.
      if (intent === "literature_review") {
        expect(withoutRepeats(streamedOf(events, "literature_review")).removed).toBe(0);
        expect(streamedOf(events, "literature_review")).not.toMatch(/You write literature reviews|Your only task/);
      }
    });
  }, 600_000);

  it("a deep read reaches done with three stages and a bounded check", async () => {
    await timed("paper deep_read", async () => {
      const { session_id } = await app.post<{ session_id: string }>("/api/paper/start", { doc_id: docId, user_query: "deep read", forced_intent: "deep_read", single_question: true, max_halluc_iterations: 1, locale: "en" });
      const events = await app.streamUntilSettled("paper", session_id);
      expect(events.at(-1)!.type, JSON.stringify(events.at(-1))).toBe("done");
      const answer = answerOf(events);
      expect(Object.keys(answer.stages!)).toEqual(["extraction", "analysis", "synthesis"]);
      expect(answer.halluc_iteration).toBeLessThanOrEqual(1);
      for (const claim of answer.claims ?? []) expect(["supported", "unsupported"]).toContain(claim.label);
      // Cite or abstain on real output: no unsupported sentence and no restated instruction is shown.
      for (const claim of (answer.claims ?? []).filter((c) => c.label === "unsupported")) expect(answer.answer).not.toContain(claim.claim);
      expect(answer.answer).not.toMatch(/careful deep reader|Stage \d|sentence synthesis|\(not found in the paper\)/);
      expectPagesExist(answer);
    });
  }, 600_000);

  it("answers a routed question, then a follow-up in the same session, then ends: done", async () => {
    await timed("paper follow-up", async () => {
      const { session_id } = await app.post<{ session_id: string }>("/api/paper/start", { doc_id: docId, user_query: "What accuracy does the paper report?", locale: "en" });
      const first = await app.streamUntilSettled("paper", session_id);
      expect(first.at(-1)).toMatchObject({ type: "await_user", pausePoint: "await_question" });
      expectPagesExist(answerOf(first));
      await app.post(`/api/paper/${session_id}/resume`, { action: "ask", user_query: "And on which page is that stated?" });
      const second = await app.streamUntilSettled("paper", session_id, lastSeq(first));
      expect(second.at(-1)).toMatchObject({ type: "await_user", pausePoint: "await_question" });
      expectPagesExist(answerOf(second.filter((e) => e.seq > lastSeq(first))));
      await app.post(`/api/paper/${session_id}/resume`, { action: "end" });
      const ended = await app.streamUntilSettled("paper", session_id, lastSeq(second));
      expect(ended.at(-1)!.type).toBe("done");
    });
  }, 600_000);
});
