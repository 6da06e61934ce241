import { z } from "zod";
import { workflowEvent } from "../coreEvents.js";
import { ImportReportSchema } from "../knowledge.js";
import { defineWorkflowContract } from "./contract.js";
import { PaperBibMethods } from "./paperBib.js";
import { PaperPageViewMethods } from "./paperPageView.js";
import { PaperExportMethods } from "./paperExport.js";

/**
 * Paper reader: import papers with pages, ask questions (routed to one of seven agents or forced
 * by a button), deep read with a bounded hallucination check, follow-up questions.
 *
 * A paper session is one run that stays open: it answers its first question, then pauses at
 * `await_question`; `ask` answers the next question in the same session (history kept), `end`
 * finishes it. The CLI's `paper ask` is a session with one question, ended after the answer.
 */

export const PAPER_INTENTS = ["chat", "critical", "deep_read", "extract", "translate", "recommend", "literature_review"] as const;
export const PaperIntentSchema = z.enum(PAPER_INTENTS);
export type PaperIntent = z.infer<typeof PaperIntentSchema>;

const DocId = z.string().trim().min(1).max(64);
const DocIds = z.array(DocId).min(1).max(20);
const nullable = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

/**
 * The boundary mapping `document_id` / `documentId` / `doc_id` / `doc_ids` → `doc_ids`, done once,
 * here: inside the engine a paper is only ever `doc_id` (`paper_metadata.doc_id`).
 */
function withDocIds(value: Record<string, unknown>): Record<string, unknown> {
  const ids = value.doc_ids ?? value.docIds ?? value.document_ids ?? value.documentIds;
  const one = value.doc_id ?? value.document_id ?? value.documentId;
  const { doc_id: _a, document_id: _b, documentId: _c, docIds: _d, document_ids: _e, documentIds: _f, ...rest } = value;
  const list = Array.isArray(ids) ? ids : one !== undefined && one !== null ? [one] : undefined;
  return { ...rest, ...(list ? { doc_ids: list } : {}) };
}
const preprocess = (value: unknown) => (value && typeof value === "object" && !Array.isArray(value) ? withDocIds(value as Record<string, unknown>) : value);

const questionFields = {
  /** The brief's `user_query`; `question` is accepted too. */
  user_query: nullable(z.string().trim().max(4000)),
  question: nullable(z.string().trim().max(4000)),
  /** A button's intent: skips the router's LLM call. */
  forced_intent: nullable(PaperIntentSchema),
  intent: nullable(PaperIntentSchema),
  /** Text the user selected in the reader pane. */
  selected_text: nullable(z.string().max(8000)),
};

function questionOf(value: {
  user_query?: string | undefined;
  question?: string | undefined;
  selected_text?: string | undefined;
  forced_intent?: PaperIntent | undefined;
  intent?: PaperIntent | undefined;
}) {
  return {
    user_query: (value.user_query || value.question || "").trim(),
    forced_intent: value.forced_intent ?? value.intent,
    selected_text: value.selected_text ?? "",
  };
}

/** `run.start` input of a paper session. */
export const PaperStartInputSchema = z.preprocess(
  preprocess,
  z
    .object({
      doc_ids: DocIds,
      ...questionFields,
      max_halluc_iterations: nullable(z.number().int().min(0).max(5)),
      locale: nullable(z.enum(["zh", "en"])),
      /** End the session after the first answer instead of waiting for the next question (CLI). */
      single_question: nullable(z.boolean()),
    })
    .strict()
    .transform((value, ctx) => {
      const q = questionOf(value);
      if (!q.user_query && !q.forced_intent && !q.selected_text) {
        ctx.addIssue({ code: "custom", path: ["user_query"], message: "user_query (or question, forced_intent or selected_text) is required" });
        return z.NEVER;
      }
      return {
        doc_ids: [...new Set(value.doc_ids)],
        ...q,
        max_halluc_iterations: value.max_halluc_iterations ?? 2,
        locale: value.locale,
        single_question: value.single_question ?? false,
      };
    }),
);
export type PaperStartInput = z.output<typeof PaperStartInputSchema>;

/**
 * A citation: the page, the chunk and the quote (a sentence or table row of that chunk, verified
 * verbatim by the engine's quote gate) that supports the answer; `ocr` when the page was read by
 * OCR, with the page's `ocr_confidence` (0–1): below LOW_OCR_CONFIDENCE the reader is told to check the page.
 */
export const CitationSchema = z.object({
  page: z.number().int(),
  chunk_id: z.string(),
  doc_id: z.string().optional(),
  quote: z.string().optional(),
  ocr: z.boolean().optional(),
  ocr_confidence: z.number().min(0).max(1).optional(),
});

/**
 * A scanned page read with less confidence than this (tesseract's mean, 0–1) may hold misread
 * words and numbers; clean 150–300 DPI scans read at 0.85–0.95.
 */
export const LOW_OCR_CONFIDENCE = 0.75;

/** Whether a citation's page was OCR'd with low confidence (worth checking on the page image). */
export function lowOcrConfidence(citation: { ocr?: boolean; ocr_confidence?: number }): boolean {
  return citation.ocr === true && citation.ocr_confidence !== undefined && citation.ocr_confidence < LOW_OCR_CONFIDENCE;
}
export const EvidenceSchema = z.object({
  page: z.number().int(),
  chunk_id: z.string(),
  score: z.number(),
  text: z.string(),
  doc_id: z.string().optional(),
  /** Which retriever found the passage: the vector search, the bigram index, the word index, or the structure index. */
  found_by: z.array(z.enum(["vector", "bigram", "words", "structure"])).optional(),
});
export type Citation = z.infer<typeof CitationSchema>;
export type Evidence = z.infer<typeof EvidenceSchema>;

export const ClaimVerdictSchema = z.object({
  id: z.string(),
  claim: z.string(),
  label: z.enum(["supported", "unsupported"]),
  evidence: z.object({ page: z.number().int(), chunk_id: z.string() }).nullable(),
  reason: z.string(),
});
export type PaperClaimVerdict = z.infer<typeof ClaimVerdictSchema>;

/** One answer of the session: what `paper ask --json` prints (plus the paper's title and data). */
export const PaperAnswerSchema = z.object({
  intent: PaperIntentSchema,
  answer: z.string(),
  citations: z.array(CitationSchema),
  evidence: z.array(EvidenceSchema),
  follow_ups: z.array(z.string()),
  /** Titles of the papers the answer is about, as parsed (a guard against the wrong paper). */
  titles: z.array(z.string()),
  /** Structured output of blocking agents (extract rows, critique points, recommendations …). */
  data: z.unknown().optional(),
  /** Deep read: the three stages; deep read and chat: each claim's verdict (the chat's sentences of its own words). */
  stages: z.object({ extraction: z.string(), analysis: z.string(), synthesis: z.string() }).optional(),
  claims: z.array(ClaimVerdictSchema).optional(),
  halluc_iteration: z.number().int().optional(),
  /** Citations the model wrote that named no retrieved page: removed from the answer. */
  refused_citations: z.array(z.string()).optional(),
  /**
   * Sentences of the model's reply left out of the answer: in the chat, those the claim checker or
   * the number check found unsupported; elsewhere, those whose cited quote was not found.
   */
  unsupported_sentences: z.array(z.string()).optional(),
  /** What the agent read: the whole paper in page order (it fit the model's context) or retrieved passages. */
  context_mode: z.enum(["whole_paper", "retrieval"]).optional(),
});
export type PaperAnswer = z.infer<typeof PaperAnswerSchema>;

export const HistoryEntrySchema = z.object({ role: z.enum(["user", "assistant"]), text: z.string(), intent: PaperIntentSchema.optional() });

export const PaperSummarySchema = z.object({
  doc_id: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  abstract: z.string(),
  file_name: z.string(),
  kind: z.string(),
  pages: z.number().int(),
  imported_at: z.string(),
});
export type PaperSummary = z.infer<typeof PaperSummarySchema>;

export const StructureItemSchema = z.object({ kind: z.enum(["section", "table", "figure", "equation"]), number: z.string(), label: z.string(), page: z.number().int(), endPage: z.number().int(), chunkId: z.string().optional() });

const DocRef = z.preprocess(preprocess, z.object({ doc_ids: z.array(DocId).length(1) }).strict().transform((v) => ({ doc_id: v.doc_ids[0]! })));

/** Request methods of the paper library (`paper.*` on IPC, `POST /api/rpc/paper.*`, `/api/paper/*`). */
export const PaperMethods = {
  import: {
    // `taskId` (optional): the import reports `progress` under it on the system stream and `jobs.cancel` stops it.
    input: z.object({ paths: z.array(z.string().min(1).max(4096)).min(1).max(100), taskId: z.string().min(1).max(200).optional() }).strict(),
    // Each file is all or nothing and a failed one does not stop the rest; `report` says per file
    // what became of it (already in the library = skipped, code `duplicate`). Only when every file
    // failed does the call fail, with the first file's error.
    output: z.object({
      papers: z.array(z.object({ doc_id: z.string(), title: z.string(), pages: z.number().int(), existing: z.boolean() })),
      report: ImportReportSchema.optional(),
    }),
  },
  list: {
    input: z.object({ query: z.string().max(200).optional() }).strict(),
    output: z.object({ papers: z.array(PaperSummarySchema) }),
  },
  get: {
    input: DocRef,
    output: z.object({
      paper: PaperSummarySchema,
      pages: z.array(z.object({ page: z.number().int(), text: z.string() })),
      structure: z.array(StructureItemSchema),
      references: z.array(z.object({ index: z.number().int(), page: z.number().int(), text: z.string() })),
    }),
  },
  delete: { input: DocRef, output: z.object({ ok: z.literal(true) }) },
  checkClaims: {
    input: z.preprocess(
      preprocess,
      z
        .object({
          doc_ids: z.array(DocId).length(1),
          claims: z
            .array(z.object({ id: z.union([z.string().min(1).max(100), z.number()]).transform(String), claim: z.string().trim().min(1).max(2000) }))
            .min(1)
            .max(500),
          judge: z.enum(["none", "llm"]).default("none"),
        })
        .strict()
        .transform((v) => ({ doc_id: v.doc_ids[0]!, claims: v.claims, judge: v.judge })),
    ),
    output: z.object({
      results: z.array(
        z.object({
          id: z.string(),
          label: z.enum(["supported", "unsupported"]),
          evidence: z.object({ page: z.number().int(), chunk_id: z.string() }).nullable(),
          reason: z.string(),
        }),
      ),
    }),
  },
  history: {
    input: z.object({ sessionId: z.string().min(1).max(100) }).strict(),
    output: z.object({
      messages: z.array(z.object({ seq: z.number().int(), role: z.enum(["user", "assistant"]), message: z.record(z.string(), z.unknown()) })),
    }),
  },
} as const;

/** The public state of a paper session (`run.state`'s values, `done.result`). */
export const PaperStateSchema = z.object({
  status: z.string(),
  doc_ids: z.array(z.string()),
  titles: z.array(z.string()),
  intent: z.string(),
  current_agent: z.string(),
  agent_mode: z.string(),
  answer: PaperAnswerSchema.nullable(),
  conversation_history: z.array(HistoryEntrySchema),
  accumulated_results: z.object({ extraction: z.string(), analysis: z.string(), synthesis: z.string() }),
  hallucination_check: z.string(),
  halluc_iteration: z.number().int(),
  max_halluc_iterations: z.number().int(),
});

export const paperContract = defineWorkflowContract({
  id: "paper",
  route: "paper",
  start: PaperStartInputSchema,
  documents: false,
  methods: { ...PaperMethods, ...PaperBibMethods, ...PaperExportMethods, ...PaperPageViewMethods },
  pauses: {
    /** After each answer: ask the next question in the same session, or end it. */
    await_question: {
      context: { answer: PaperAnswerSchema.nullable(), follow_ups: z.array(z.string()), titles: z.array(z.string()) },
      actions: {
        ask: questionFields,
        end: {},
      },
    },
  },
  state: PaperStateSchema,
  events: [
    /** The answer of one question, once it is complete and checked. */
    workflowEvent("paper_answer", { answer: PaperAnswerSchema }),
    /** A deep-read stage finished (extraction, analysis, synthesis) with its text. */
    workflowEvent("deep_read_stage", { stage: z.enum(["extraction", "analysis", "synthesis"]), text: z.string(), iteration: z.number().int() }),
    /** The hallucination check's verdicts for one synthesis. */
    workflowEvent("claims_checked", { iteration: z.number().int(), claims: z.array(ClaimVerdictSchema), decision: z.enum(["pass", "retry"]) }),
  ],
});
export type PaperContract = typeof paperContract;

/** The question fields of the `ask` action (and of the start input), normalised. */
export function normalizeQuestion(value: z.infer<z.ZodObject<typeof questionFields>>): {
  user_query: string;
  forced_intent: PaperIntent | undefined;
  selected_text: string;
} {
  return questionOf(value);
}
