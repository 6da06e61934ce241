import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { wordCount } from "../../../../../shared/text/countText.js";
import { runStep, say } from "../../common/nodeRuntime.js";
import { localeOf } from "../localeOf.js";
import type { ArticleStateUpdate, ArticleStateValues } from "../state.js";

/** finalize / force_finalize: mark the current version final; the runner then emits `done`. */
export function finalizeNode() {
  return async (state: ArticleStateValues, config: LangGraphRunnableConfig): Promise<ArticleStateUpdate> => {
    const locale = localeOf(state);
    return runStep(config, { step: "finalize", agent: "system", label: say(locale, "定稿", "Finalizing") }, async () => ({
      update: { final: true },
      summary: finalSummary(state),
    }));
  };
}

/** "定稿：第 N 版，X 字" / "Final: version N, X words" (shared wordCount). */
export function finalSummary(state: Pick<ArticleStateValues, "draft" | "draft_version" | "parsed_intent" | "input">): string {
  const locale = state.parsed_intent?.locale ?? state.input.locale ?? "zh";
  const chars = wordCount(state.draft);
  return say(locale, `定稿：第 ${state.draft_version ?? 0} 版，${chars} 字`, `Final: version ${state.draft_version ?? 0}, ${chars} words`);
}
