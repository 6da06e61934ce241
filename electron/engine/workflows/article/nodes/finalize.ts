import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { wordCount } from "../../../../../shared/text/countText.js";
import { labelFrom, runStep, summaryFrom } from "../../common/nodeRuntime.js";
import type { StepLine } from "../../common/nodeRuntime.js";
import { stepLines, summaryLines } from "../stepLines.js";
import { localeOf } from "../localeOf.js";
import type { ArticleUpdate, ArticleState } from "../state.js";

/** finalize / force_finalize: mark the current version final; the runner then emits `done`. */
export function finalizeNode() {
  return async (state: ArticleState, config: LangGraphRunnableConfig): Promise<ArticleUpdate> => {
    const locale = localeOf(state);
    return runStep(config, { step: "finalize", agent: "system", ...labelFrom(stepLines.finalize(locale)) }, async () => ({
      update: { final: true },
      ...summaryFrom(finalLine(state)),
    }));
  };
}

/** "定稿：第 N 版，X 字" / "Final: version N, X words" (shared wordCount). */
export function finalLine(state: Pick<ArticleState, "draft" | "draft_version" | "parsed_intent" | "input">): StepLine {
  const locale = state.parsed_intent?.locale ?? state.input.locale ?? "zh";
  return summaryLines.final(locale, state.draft_version ?? 0, wordCount(state.draft));
}
