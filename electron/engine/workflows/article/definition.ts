import { ARTICLE_FLAGS, articleCommand } from "./articleCli.js";
import { ARTICLE_STRUCTURED_SCHEMAS } from "./structuredSchemas.js";
import type { ArticleDeps } from "./ArticleDeps.js";
import { articleContract } from "../../../../shared/workflows/article.js";
import type { ArticleStartInput } from "../../../../shared/workflows/article.js";
import { splitDraft } from "./draftMarkdown.js";
import type { CompiledWorkflowGraph, WorkflowDefinition } from "../WorkflowDefinition.js";
import { articleExport } from "./articleExport.js";
import { articleStatus } from "./articleStatus.js";
import { briefDraft } from "./briefDraft.js";
import { briefStateValues } from "./briefStateValues.js";
import { buildArticleGraph } from "./graph.js";
import { finalLine } from "./nodes/finalize.js";
import { articlePauses } from "./pauses.js";
import type { ArticleState } from "./state.js";

/** The article studio: researcher → writer → editor with four human pauses. */
export const articleWorkflow: WorkflowDefinition<ArticleStartInput, typeof articleContract, ArticleDeps> = {
  id: "article",
  contract: articleContract,
  structuredSchemas: ARTICLE_STRUCTURED_SCHEMAS,
  cli: {
    flags: ARTICLE_FLAGS,
    usage: [
      'article start "<intent>" [--type news|analysis|feature|report] [--audience A] [--words N] [--locale zh|en] [--collections library,code] [--folders dir,…] [--papers doc_id,…]',
      "article resume <id> <action> [--json '<payload>']",
      "article state <id> | list | versions <id> | export <id> --format markdown|html|docx [--out file] [--version N]",
      "article export <id> --style gb-t-7714|apa [--locale zh|en] (reference list style) · --format docx --from N [--version M] (tracked changes N → M)",
    ],
    run: articleCommand,
  },
  title: (input) => (input.intent.length > 40 ? `${input.intent.slice(0, 39)}…` : input.intent),
  build: (deps, checkpointer) => buildArticleGraph(deps, checkpointer) as unknown as CompiledWorkflowGraph,
  initialState: (input) => ({ input }),
  parseResume: articlePauses.parseResume,
  status: (values, session) => articleStatus(values as Partial<ArticleState>, session),
  publicValues: (values, session) => {
    const v = values as Partial<ArticleState>;
    return {
      status: articleStatus(v, session),
      intent: v.input?.intent ?? "",
      parsed_intent: v.parsed_intent ?? null,
      keywords: v.keywords ?? [],
      materials: v.materials ?? [],
      approved_material_ids: v.approved_material_ids ?? null,
      outline: v.outline ?? null,
      title: v.draft_title || v.outline?.title || "",
      draft: v.draft ?? "",
      draft_version: v.draft_version ?? null,
      review: v.review ?? null,
      revision_count: v.revision_count ?? 0,
      force_accepted_after: v.force_accepted_after ?? null,
      final: v.final ?? false,
      ...(v.input?.scope ? { scope: v.input.scope } : {}),
      ...briefStateValues(v),
    };
  },
  doneSummary: (values) => {
    const v = values as Partial<ArticleState>;
    return finalLine({ draft: v.draft ?? "", draft_version: v.draft_version ?? null, parsed_intent: v.parsed_intent ?? null, input: v.input ?? ({ intent: "" } as ArticleStartInput) });
  },
  export: articleExport,
  document: {
    // A restored or hand-edited draft goes to PAUSE-3: the writer decides what happens to it next.
    pauseNode: "pause_draft",
    adopt: (values, { markdown, version }) => {
      const v = values as Partial<ArticleState>;
      const { title, sections } = splitDraft(markdown, v.draft_title || v.outline?.title || "");
      const drafts = [briefDraft({ title, outline: v.outline ?? null, markdown, revisionCount: v.revision_count ?? 0, version: version.number })];
      return {
        draft: markdown,
        draft_title: title,
        draft_sections: sections,
        draft_version: version.number,
        review: null,
        force_accepted_after: null,
        final: false,
        drafts,
      };
    },
  },
};
