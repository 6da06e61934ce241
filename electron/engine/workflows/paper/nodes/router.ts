import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { PaperIntent } from "../../../../../shared/workflows/paper.js";
import { runStep, summaryOf } from "../../common/nodeRuntime.js";
import type { PaperDeps } from "../PaperDeps.js";
import { keywordIntent } from "../keywordIntent.js";
import { rankIntent } from "../rankIntent.js";
import { parseIntentLenient } from "../routing.js";
import { routerPrompt } from "../routerPrompt.js";
import { RouterSchema } from "../schemas.js";
import type { PaperState, PaperUpdate } from "../state.js";

/**
 * The intent router. A forced intent (a button) is taken as is, with no model call; so is an intent
 * the question names outright (keywordIntent's cue phrases). Otherwise the model decides: in-process,
 * by weighing the seven task words after one prefill (rankIntent; nothing is generated, so nothing
 * can be copied from the prompt); on a server, one grammar-constrained call `{intent, reason}`, and
 * if the backend cannot produce valid JSON, one plain call parsed leniently (JSON → `"intent": "…"` →
 * first intent name → chat).
 */
export function routerNode(deps: PaperDeps) {
  return (state: PaperState, config: LangGraphRunnableConfig): Promise<PaperUpdate> =>
    runStep(config, { step: "router", agent: "system", label: "意图路由" }, async () => {
      const forced = state.paper_metadata.forced_intent;
      if (forced) return { update: { intent: forced, current_agent: "router" }, ...summaryOf("routeForced", { intent: `@paper.intent.${forced}` }, `${forced} (forced)`) };
      if (!state.user_query && state.selected_text) return { update: { intent: "translate", current_agent: "router" }, ...summaryOf("routeSelection", { intent: "@paper.intent.translate" }, "translate (selection only)") };
      // A question that names its intent ("翻译…", "write a literature review…") needs no model call:
      // a weak model sent nearly everything to chat, and the call cost most of a routed answer's wait.
      const cued = keywordIntent(state.user_query);
      if (cued) return { update: { intent: cued, current_agent: "router" }, ...summaryOf("routeCue", { intent: `@paper.intent.${cued}` }, `${cued} (cue)`) };
      const ranked = await rankIntent(deps.llm, state.user_query, state.selected_text, config.signal);
      if (ranked) {
        const how = `ranked ${ranked.share.toFixed(2)}`;
        return { update: { intent: ranked.intent, current_agent: "router" }, ...summaryOf("route", { intent: `@paper.intent.${ranked.intent}` }, `${ranked.intent} (${how})`) };
      }
      const { system, prompt } = routerPrompt(state.paper_metadata.locale, state.user_query, state.selected_text, state.paper_metadata.doc_ids.length);
      const signal = config.signal ? { signal: config.signal } : {};
      let intent: PaperIntent;
      let how: string;
      try {
        const { value } = await deps.llm.generateStructured({ system, prompt, schema: RouterSchema, tag: { role: "paper", step: "router" }, temperature: 0, maxTokens: 60, maxAttempts: 1, ...signal });
        intent = value.intent;
        how = value.reason;
      } catch (error) {
        config.signal?.throwIfAborted();
        const reply = await deps.llm.generateText({ system, prompt: `${prompt}\n${state.paper_metadata.locale === "zh" ? "只输出 JSON。" : "Output JSON only."}`, tag: { role: "paper", step: "router_text" }, temperature: 0, maxTokens: 60, maxContinuations: 0, ...signal });
        const parsed = parseIntentLenient(reply.text);
        intent = parsed.intent;
        how = `lenient:${parsed.layer}`;
        void error;
      }
      return { update: { intent, current_agent: "router" }, ...summaryOf("route", { intent: `@paper.intent.${intent}` }, `${intent} (${how})`) };
    });
}
