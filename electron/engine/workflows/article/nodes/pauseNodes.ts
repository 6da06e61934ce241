import { interrupt } from "@langchain/langgraph";
import type { ArticleResume, PausePoint } from "../../../../../shared/article.js";
import { buildPauseRequest } from "../pauseRequest.js";
import type { ArticleStateUpdate, ArticleStateValues } from "../state.js";

/**
 * A pause node: no side effects, only `interrupt(pauseRequest)`. The node re-runs from its top on
 * resume, so everything before `interrupt` must be pure. The payload was already checked by
 * `parseResume`; the nodes after the pause read it from `resume`.
 */
export function pauseNode(pause: PausePoint) {
  return (state: ArticleStateValues): ArticleStateUpdate => {
    const payload = interrupt(buildPauseRequest(pause, state)) as ArticleResume;
    return { resume: { pause, payload } };
  };
}
