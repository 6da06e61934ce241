import { Annotation } from "@langchain/langgraph";
import type { ArticleResume, ArticleStartInput, Outline, ParsedIntent, PausePoint, Review } from "../../../../shared/workflows/article.js";
import type { Material } from "../../../../shared/knowledge.js";
import type { BriefDraft } from "../../../../shared/workflows/article.js";

import type { DraftSection } from "./draftMarkdown.js";
import type { UngroundedSentence } from "./groundCitations.js";

export type { DraftSection };

/** The most recent resume: which pause it answered and the payload `parseResume` accepted. */
export interface LastResume {
  pause: PausePoint;
  payload: ArticleResume;
}

/** Every field is last-value-wins: each node owns the fields it returns, so no merging reducer is needed. */
const last = <T>(initial: () => T) => Annotation<T>({ reducer: (_previous, next) => next, default: initial });

/** State of one article session, checkpointed after every step. */
export const ArticleAnnotation = Annotation.Root({
  /** The start request as the user sent it (validated by ArticleStartInputSchema). */
  input: last<ArticleStartInput>(() => ({ intent: "" }) as ArticleStartInput),
  /** intent_parser's result with the user's explicit fields applied on top; its locale drives every prompt. */
  parsed_intent: last<ParsedIntent | null>(() => null),
  /** Search keywords: the researcher's, plus every re_search's extra keywords. */
  keywords: last<string[]>(() => []),
  /** The material package shown at PAUSE-1, ids m001, m002 … in package order. */
  materials: last<Material[]>(() => []),
  /** Raw hits returned by every search so far (for "searched X, kept Y"). */
  search_hits: last<number>(() => 0),
  /** Material ids the user approved at PAUSE-1; null until the user confirms. */
  approved_material_ids: last<string[] | null>(() => null),
  /** The outline being confirmed or written from. */
  outline: last<Outline | null>(() => null),
  /** Title of the current draft (the outline's title, or the user's edited H1). */
  draft_title: last<string>(() => ""),
  /** Sections of the current draft, in order; revisions replace only the touched ones. */
  draft_sections: last<DraftSection[]>(() => []),
  /** Markdown of the current draft, exactly as stored in its version. */
  draft: last<string>(() => ""),
  /** Version number of `draft` in the VersionStore; null before the first draft. */
  draft_version: last<number | null>(() => null),
  /** Sentences of `draft` that cite materials which do not support them (groundCitations); shown at PAUSE-3, fed to the 事实 review. */
  ungrounded_sentences: last<UngroundedSentence[]>(() => []),
  /** The editor's latest review of `draft`; null when the draft has not been reviewed. */
  review: last<Review | null>(() => null),
  /** Revision rounds requested at PAUSE-4 (accept_review / custom_revise); bounded by settings.article.maxRevisions. */
  revision_count: last<number>(() => 0),
  /** settings.article.maxRevisions as read by the editor for the latest review. */
  max_revisions: last<number>(() => 3),
  /** Set when the editor still rejects at the revision cap: "force-accepted after N rounds". */
  force_accepted_after: last<number | null>(() => null),
  /** The last resume payload; the nodes after a pause read their instructions from it. */
  resume: last<LastResume | null>(() => null),
  /**
   * Every draft version of the session in the brief's `DraftArticle` shape, oldest first (its
   * `drafts: Annotated[List[DraftArticle], operator.add]`); appended by each node that stores a version.
   */
  drafts: Annotation<BriefDraft[]>({ reducer: (previous, next) => [...previous, ...next], default: () => [] }),
  /** True once the user finalized (finalize / force_finalize). */
  final: last<boolean>(() => false),
});

export type ArticleState = typeof ArticleAnnotation.State;
export type ArticleUpdate = typeof ArticleAnnotation.Update;
