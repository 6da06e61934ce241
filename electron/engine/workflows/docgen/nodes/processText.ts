import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { runStep, summaryOf } from "../../common/nodeRuntime.js";
import { cleanText } from "../docgenText.js";
import type { DocgenState, DocgenUpdate } from "../state.js";

/** Text mode: the user's text, cleaned (newlines, trailing blanks, blank runs) and passed through. */
export function processTextNode() {
  return (state: DocgenState, config: LangGraphRunnableConfig): Promise<DocgenUpdate> =>
    runStep<DocgenUpdate>(config, { step: "process_text", agent: "researcher", label: "整理文本" }, async () => {
      const context = cleanText(state.context);
      return { update: { context }, ...summaryOf("text", { n: [...context].length }, `${[...context].length} characters`) };
    });
}
