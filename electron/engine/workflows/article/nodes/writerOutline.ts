import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { ArticleDeps } from "../ArticleDeps.js";
import { materialDigest } from "../research/materialPackage.js";
import type { Outline } from "../../../../../shared/workflows/article.js";
import { isAbort } from "../../common/isAbort.js";
import { emit, labelFrom, runStep, summaryFrom, withNotes } from "../../common/nodeRuntime.js";
import { attachMaterials } from "../attachMaterials.js";
import { stepLines, summaryLines } from "../stepLines.js";
import { intentWithContext } from "../intentWithContext.js";
import { localeOf } from "../localeOf.js";
import { outlineExample, outlinePrompt } from "../prompts.js";
import { sanitizeOutline } from "../sanitizeOutline.js";
import { OutlineLlmSchema } from "../schemas.js";
import { titleFromIntent } from "../titleFromIntent.js";
import { withoutEchoedExample } from "../withoutEchoedExample.js";
import type { ArticleUpdate, ArticleState } from "../state.js";

/**
 * The approved ids after PAUSE-1: the user's list when given (an empty list means "write without
 * materials"), every material when the user confirmed without a list.
 */
export function approvedIdsOf(state: ArticleState): string[] {
  if (state.resume?.pause === "material_confirm") return state.resume.payload.approved_material_ids ?? state.materials.map((m) => m.id);
  return state.approved_material_ids ?? state.materials.map((m) => m.id);
}

/** writer_outline (作家, phase 1): plan the outline from the approved materials; a re-plan gets the user's feedback. */
export function writerOutlineNode(deps: ArticleDeps) {
  return async (state: ArticleState, config: LangGraphRunnableConfig): Promise<ArticleUpdate> => {
    const locale = localeOf(state);
    const parsed = state.parsed_intent;
    if (!parsed) throw new Error("writer_outline ran before intent_parser");
    const approved = approvedIdsOf(state);
    const replan = state.resume?.pause === "outline_confirm" && state.resume.payload.action === "re_outline";
    return runStep(
      config,
      { step: "writer_outline", agent: "writer", ...labelFrom(replan ? stepLines.replan(locale) : stepLines.outline(locale)) },
      async () => {
        const approvedMaterials = state.materials.filter((m) => approved.includes(m.id));
        const materials = approvedMaterials.map((m) => materialDigest(m));
        let value: Outline;
        let fallback = false;
        try {
          ({ value } = await deps.llm.generateStructured({
            ...outlinePrompt(locale, {
              intent: intentWithContext(state.input, locale),
              parsed,
              materials,
              ...(replan && state.resume
                ? { feedback: state.resume.payload.outline_feedback ?? "", ...(state.outline ? { previous: state.outline } : {}) }
                : {}),
            }),
            schema: OutlineLlmSchema,
            tag: { role: "writer", step: "outline" },
            signal: config.signal,
            maxTokens: 900,
          }));
        } catch (error) {
          if (isAbort(error, config.signal)) throw error;
          // No valid outline from the model (a weak one can run out of tokens inside its JSON): the
          // key questions or a plain skeleton, which the user edits at the outline pause.
          value = { title: "", sections: [] };
          fallback = true;
        }
        const cleaned = withoutEchoedExample(value, outlineExample(locale), parsed.key_questions, approved, locale, {
          schema: OutlineLlmSchema,
          grounding: [state.input.intent, ...approvedMaterials.map((m) => `${m.title} ${m.content}`)].join("\n"),
          materials: approvedMaterials,
        });
        // Every section the model planned was an echo: the timeline says the outline is code's, as for a failed call.
        if (!cleaned.sections.some((s) => value.sections.includes(s) || value.sections.some((v) => v.section_title === s.section_title))) fallback = true;
        const planned = sanitizeOutline(cleaned, approved, titleFromIntent(state.input.intent));
        const { outline, attached } = attachMaterials(planned, approvedMaterials);
        emit(config, { type: "outline_ready", outline });
        const line = withNotes(
          summaryLines.outline(locale, outline.title, outline.sections.length, fallback),
          attached ? summaryLines.materialsAttached(locale) : null,
        );
        return { update: { outline, approved_material_ids: approved }, ...summaryFrom(line) };
      },
    );
  };
}
