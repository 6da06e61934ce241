import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { ArticleDeps } from "../ArticleDeps.js";
import { mergeChunkReviews, reviewChunks } from "../reviewChunks.js";
import { combineReview } from "../combineReview.js";
import { materialDigest } from "../research/materialPackage.js";
import { emit, labelFrom, runStep, sessionIdOf, summaryFrom } from "../../common/nodeRuntime.js";
import { stepLines, summaryLines } from "../stepLines.js";
import { localeOf } from "../localeOf.js";
import { reviewPrompt } from "../prompts.js";
import type { ReviewAspect } from "../prompts.js";
import { AspectReviewLlmSchema } from "../schemas.js";
import type { ArticleUpdate, ArticleState } from "../state.js";

/** The draft one editor call sees; a longer draft is reviewed in chunks of whole sections. */
export const EDITOR_DRAFT_CHARS = 4000;

/**
 * editor (编辑): three independent structured reviews — facts (against the approved materials'
 * digests), logic, language — of the whole draft (a long one section by section, each aspect's
 * chunks merged), combined into one weighted score and verdict. Scores are saved on
 * the version. At the revision cap a rejected draft is force-accepted (routing sends it to PAUSE-3).
 */
export function editorNode(deps: ArticleDeps) {
  return async (state: ArticleState, config: LangGraphRunnableConfig): Promise<ArticleUpdate> => {
    const locale = localeOf(state);
    const sessionId = sessionIdOf(config);
    const settings = deps.settings().article;
    return runStep(config, { step: "editor", agent: "editor", ...labelFrom(stepLines.editor(locale)) }, async () => {
      const approved = new Set(state.approved_material_ids ?? []);
      const materials = state.materials.filter((m) => approved.has(m.id)).map((m) => materialDigest(m, 160));
      // The whole draft, section by section: a long draft is reviewed in chunks and merged.
      const chunks = reviewChunks(state.draft, EDITOR_DRAFT_CHARS);
      // Sentences the claim checker found unsupported by their cited material go to the 事实 review.
      const ungrounded = state.ungrounded_sentences ?? [];
      const reviewChunk = async (aspect: ReviewAspect, text: string) =>
        (
          await deps.llm.generateStructured({
            ...reviewPrompt(locale, aspect, text, materials, ungrounded.filter((u) => text.includes(u.sentence)).map((u) => u.sentence)),
            schema: AspectReviewLlmSchema,
            tag: { role: "editor", step: `review_${aspect}` },
            signal: config.signal,
            maxTokens: 900,
          })
        ).value;
      const review = async (aspect: ReviewAspect) => mergeChunkReviews(await Promise.all(chunks.map((chunk) => reviewChunk(aspect, chunk.text))), chunks);
      const [facts, logic, language] = await Promise.all([review("facts"), review("logic"), review("language")]);
      const result = combineReview({ facts, logic, language }, settings, state.revision_count);
      if (state.draft_version !== null) {
        deps.versions.setScores(sessionId, state.draft_version, {
          facts: result.facts.score,
          logic: result.logic.score,
          language: result.language.score,
          overall: result.overall,
        });
      }
      emit(config, { type: "review_ready", review: result });
      const forced = result.verdict === "reject" && state.revision_count >= settings.maxRevisions;
      return {
        update: { review: result, max_revisions: settings.maxRevisions, force_accepted_after: forced ? state.revision_count : null },
        ...summaryFrom(summaryLines.review(locale, result.overall, result.threshold, result.verdict === "pass" ? "pass" : forced ? "forced" : "reject", state.revision_count)),
      };
    });
  };
}
