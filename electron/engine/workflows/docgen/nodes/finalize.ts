import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { runStep, summaryOf } from "../../common/nodeRuntime.js";
import type { DocgenState, DocgenUpdate } from "../state.js";

/** End of the pipeline: `is_valid` now says whether every module passed without its breaker. */
export function finalizeNode() {
  return (state: DocgenState, config: LangGraphRunnableConfig): Promise<DocgenUpdate> =>
    runStep<DocgenUpdate>(config, { step: "finalize", agent: "system", label: "完成" }, async () => {
      const passed = state.module_reports.filter((r) => r.status === "passed").length;
      const breakers = state.module_reports.filter((r) => r.breaker).length;
      return { update: { final: true, is_valid: breakers === 0 && passed === state.module_reports.length }, ...summaryOf("finalize", { passed, breakers }, `${passed} passed, ${breakers} breaker`) };
    });
}
