import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { runStep, summaryOf } from "../../common/nodeRuntime.js";
import { ABSTAIN, answerOf, failedText, tryStructured } from "../agentKit.js";
import type { PaperDeps } from "../PaperDeps.js";
import { echoCanaries, withoutEchoes } from "../../common/echoGuard.js";
import { repeatKey } from "../../common/withoutRepeats.js";
import { distinct4, hanShare } from "../../../llm/textQuality.js";
import { criticalExample, criticalPrompt } from "../prompts.js";
import { CritiqueSchema } from "../schemas.js";
import type { PaperState, PaperUpdate } from "../state.js";

const ASPECT = { methodology: "方法局限", validity: "有效性威胁", baselines: "缺失基线", data: "数据", reproducibility: "可复现性", other: "其他" } as const;

/**
 * The points worth showing, in order: one in the answer's language (a Chinese answer may name
 * English terms, an English one has no Chinese sentence), not a loop inside itself, and not a point
 * said before — a weak model repeats one critique with a new page to fill its list.
 */
function readablePoints<T extends { point: string }>(points: readonly T[], locale: string): T[] {
  const seen = new Set<string>();
  return points.filter((p) => {
    const key = repeatKey(p.point);
    const language = locale === "zh" ? hanShare(p.point) >= 0.3 : hanShare(p.point) < 0.2;
    const loops = p.point.length >= 40 && distinct4(p.point) < 0.4;
    if (key.length < 2 || !language || loops || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Critical analysis, blocking: a structured list of points, each tied to a page it was read on (checked). */
export function criticalNode(deps: PaperDeps) {
  return (state: PaperState, config: LangGraphRunnableConfig): Promise<PaperUpdate> =>
    runStep(config, { step: "critical", agent: "editor", label: "批判分析" }, async () => {
      const { titles, locale } = state.paper_metadata;
      const base = { current_agent: "critical", agent_mode: "blocking" as const, stream_chunks: [] };
      if (state.evidence.length === 0) return { update: { ...base, agent_response: answerOf(state, "critical", { answer: locale === "zh" ? `${ABSTAIN.zh}。` : "Not stated in the paper." }) }, ...summaryOf("noPassages", {}, "no passages") };
      const result = await tryStructured(deps.llm, config, { ...criticalPrompt(state.paper_metadata.locale, titles.join(" / "), state.paper_text), schema: CritiqueSchema, tag: { role: "paper", step: "critical" }, maxTokens: 900 });
      if (!result.value) return { update: { ...base, agent_response: answerOf(state, "critical", { answer: failedText(locale, result.error) }) }, ...summaryOf("noCritique", {}, "no valid critique") };
      // Echo guard: a point that repeats the prompt's example (and is not in the paper) is not the model's reading.
      const echo = withoutEchoes(
        result.value.points,
        (p) => [p.point],
        echoCanaries({ example: criticalExample(locale), schema: CritiqueSchema }),
        state.paper_text,
      );
      const value = { points: echo.kept };
      const pages = new Set(state.evidence.map((e) => e.page));
      // A point tied to a page the agent never read is dropped: it cannot be checked.
      const points = readablePoints(value.points.filter((p) => pages.has(p.page)), locale);
      const citations = [...new Set(points.map((p) => p.page))].map((page) => ({ page, chunk_id: state.evidence.find((e) => e.page === page)!.chunk_id }));
      const answer = points.map((p) => `- ${locale === "zh" ? ASPECT[p.aspect] : p.aspect}: ${p.point} [p.${p.page}]`).join("\n") || (locale === "zh" ? `${ABSTAIN.zh}。` : "Not stated in the paper.");
      return {
        update: { ...base, agent_response: answerOf(state, "critical", { answer, citations, data: { points, dropped: value.points.length - points.length } }) },
        ...(echo.dropped.length ? summaryOf("pointsEchoDropped", { n: points.length, dropped: value.points.length - points.length, echoes: echo.dropped.length }, `${points.length} points, ${echo.dropped.length} copied from the prompt's example ignored`) : summaryOf(points.length < value.points.length ? "pointsDropped" : "points", { n: points.length, dropped: value.points.length - points.length }, `${points.length} points${points.length < value.points.length ? `, ${value.points.length - points.length} without a read page, repeated or in another language dropped` : ""}`)),
      };
    });
}
