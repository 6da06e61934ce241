import { Annotation } from "@langchain/langgraph";
import type { PaperAnswer, PaperIntent } from "../../../../shared/workflows/paper.js";
import type { ResumeRecord } from "../common/definePauses.js";

/** What the agents know of the papers of the session. */
export interface PaperMetadata {
  /** A button's intent; the router skips its LLM call when set. Cleared after each answer. */
  forced_intent: PaperIntent | null;
  /** The session's first paper (the brief's field); `doc_ids` holds all of them. */
  doc_id: string;
  doc_ids: string[];
  /** Parsed titles, in `doc_ids` order: every answer names them (right-paper guard). */
  titles: string[];
  /** Answer language: from the start input, else the question's. */
  locale: "zh" | "en";
  /** End after the first answer (CLI `paper ask`). */
  single_question: boolean;
}

/** A retrieved chunk an agent read. */
export interface EvidenceChunkState {
  chunk_id: string;
  doc_id: string;
  page: number;
  score: number;
  text: string;
  section: string;
  /** The passage's page was read by OCR, with tesseract's confidence for that page (0–1). */
  ocr?: boolean;
  ocr_confidence?: number;
  /** Which retriever found it (PaperIndex's lists, or the structure index). */
  found_by?: Array<"vector" | "bigram" | "words" | "structure">;
}

export interface ConversationEntry {
  role: "user" | "assistant";
  text: string;
  intent?: PaperIntent;
}

const last = <T>(initial: () => T) => Annotation<T>({ reducer: (_old: T, next: T) => next, default: initial });

/**
 * `PaperAnnotation`: the fields the product brief names, one per line below. Beside them only
 * `evidence` (the chunks `paper_text` was built from, for the citation and claim checks) and
 * `resume` (the platform's answered-pause record).
 */
export const PaperAnnotation = Annotation.Root({
  /** The user's question (as typed; may be Chinese about an English paper). */
  user_query: last<string>(() => ""),
  /** The paper text the agents read: retrieved or structurally selected passages, each tagged `[p.N]`. */
  paper_text: last<string>(() => ""),
  /** Text selected in the reader pane, or "". */
  selected_text: last<string>(() => ""),
  /** The session's questions and answers, oldest first; checkpointed and mirrored in `paper_messages`. */
  conversation_history: Annotation<ConversationEntry[]>({ reducer: (old, next) => [...old, ...next], default: () => [] }),
  /** `forced_intent`, `doc_id` and the rest of the session's paper facts. */
  paper_metadata: last<PaperMetadata>(() => ({ forced_intent: null, doc_id: "", doc_ids: [], titles: [], locale: "zh", single_question: false })),
  /** The routed (or forced) intent of the current question. */
  intent: last<PaperIntent | "">(() => ""),
  /** The agent answering now (`router`, `chat`, `critical`, … `questioner`). */
  current_agent: last<string>(() => ""),
  /** `streaming` agents send tokens; `blocking` ones return a checked structure. */
  agent_mode: last<"streaming" | "blocking" | "">(() => ""),
  /** The current answer, checked (citations, title guard, claims), or null before the first one. */
  agent_response: last<PaperAnswer | null>(() => null),
  /** Streamed pieces of the current answer, in order (also sent as `token` events). */
  stream_chunks: last<string[]>(() => []),
  /** Deep read: each stage's output, read by the stages after it. */
  accumulated_results: last<{ extraction: string; analysis: string; synthesis: string }>(() => ({ extraction: "", analysis: "", synthesis: "" })),
  /** Deep read: the last check's decision. */
  hallucination_check: last<"pass" | "retry" | "">(() => ""),
  /** Deep read: rewrites done after failed checks. */
  halluc_iteration: last<number>(() => 0),
  /** Deep read: rewrite cap (default 2); after it the synthesis passes with claims marked unsupported. */
  max_halluc_iterations: last<number>(() => 2),
  /** Chunks `paper_text` was built from. */
  evidence: last<EvidenceChunkState[]>(() => []),
  /** `whole_paper` when `paper_text` is every page in order (it fit the model's context), else `retrieval`. */
  context_mode: last<"whole_paper" | "retrieval">(() => "retrieval"),
  /** The answered pause (platform, definePauses). */
  resume: last<ResumeRecord | null>(() => null),
});
export type PaperState = typeof PaperAnnotation.State;
export type PaperUpdate = Partial<PaperState>;
