import { ArticleStartInputSchema } from "../../../../shared/article.js";
import type { ArticleStartInput } from "../../../../shared/article.js";
import type { CompiledWorkflowGraph, WorkflowDefinition } from "../WorkflowDefinition.js";
import { buildArticleGraph } from "./graph.js";
import { finalSummary } from "./nodes/finalize.js";
import { parseResume } from "./parseResume.js";
import type { ArticleStateValues } from "./state.js";

/** The article studio: researcher → writer → editor with four human pauses. */
export const articleWorkflow: WorkflowDefinition<ArticleStartInput> = {
  id: "article",
  inputSchema: ArticleStartInputSchema,
  title: (input) => (input.intent.length > 40 ? `${input.intent.slice(0, 39)}…` : input.intent),
  build: (services, checkpointer) => buildArticleGraph(services, checkpointer) as unknown as CompiledWorkflowGraph,
  initialState: (input) => ({ input }),
  parseResume,
  publicValues: (values) => {
    const v = values as Partial<ArticleStateValues>;
    return {
      intent: v.input?.intent ?? "",
      parsed_intent: v.parsed_intent ?? null,
      keywords: v.keywords ?? [],
      materials: v.materials ?? [],
      approved_material_ids: v.approved_material_ids ?? null,
      outline: v.outline ?? null,
      draft: v.draft ?? "",
      draft_version: v.draft_version ?? null,
      review: v.review ?? null,
      revision_count: v.revision_count ?? 0,
      force_accepted_after: v.force_accepted_after ?? null,
      final: v.final ?? false,
    };
  },
  doneSummary: (values) => {
    const v = values as Partial<ArticleStateValues>;
    return finalSummary({ draft: v.draft ?? "", draft_version: v.draft_version ?? null, parsed_intent: v.parsed_intent ?? null, input: v.input ?? { intent: "" } });
  },
};
