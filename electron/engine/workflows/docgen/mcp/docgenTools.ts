import path from "node:path";
import { z } from "zod";
import type { ScriptoriumApi } from "../../../../../shared/api.js";
import type { EngineEvent } from "../../../../../shared/events.js";
import { RunScopeSchema } from "../../../../../shared/knowledge.js";
import { INPUT_MODES } from "../../../../../shared/workflows/docgen.js";
import { readUserTextFile } from "../../../io/readUserTextFile.js";

/** The document-generation jobs of one MCP connection, by job id (= the docgen session id). */
export interface JobView {
  job_id: string;
  status: string;
  progress: { done: number; total: number | null; message: string };
  modules: Array<{ key: string; rounds: number; violations_before: number; violations_after: number; breaker: boolean; status: string }>;
  replacements: { kept: number; dropped: number };
}

const OutputDocx = z
  .string()
  .min(1)
  .max(4096)
  .describe("also write the review as a Word file with tracked changes (original → repaired, a comment per change with its rule and reason): a .docx path inside the server's --output-dir");

export const GenerateDocsInput = z.object({
  topic: z.string().min(1).max(500).describe("what the document is about"),
  source_path: z.string().min(1).max(4096).optional().describe("notes: a .md file or folder; code: a code folder (absolute path)"),
  mode: z.enum(INPUT_MODES).default("code").describe("text | notes | code"),
  text: z.string().max(400_000).optional().describe("text mode: the source text"),
  scope: RunScopeSchema.optional().describe(
    "sources from the user's library: collections, bound folders (absolute paths) and paper doc_ids searched on the topic; the papers cited get a GB/T 7714 reference list",
  ),
  wait: z.boolean().default(true).describe("true: run to the end, sending progress notifications; false: return the job id at once (then docs_status / docs_result)"),
});

export const ReviewDocInput = z
  .object({
    markdown: z.string().min(1).max(400_000).optional().describe("the document to check and repair"),
    path: z.string().min(1).max(4096).optional().describe("or: a markdown file to read"),
    wait: z.boolean().default(true),
    output_docx: OutputDocx.optional(),
  })
  .refine((v) => Boolean(v.markdown) !== Boolean(v.path), { message: "give exactly one of markdown or path" })
  .refine((v) => !v.output_docx || v.wait, { message: "output_docx needs wait: true (or pass it to docs_result once the job is done)", path: ["output_docx"] });

export const JobRef = z.object({ job_id: z.string().min(1).max(100) });
export const JobResultRef = JobRef.extend({ output_docx: OutputDocx.optional() });

/** Input of `run.start` for a generate_docs call. */
export function generateInput(args: z.infer<typeof GenerateDocsInput>): Record<string, unknown> {
  return {
    input_mode: args.mode,
    topic: args.topic,
    ...(args.source_path ? { source_path: path.resolve(args.source_path) } : {}),
    ...(args.text !== undefined ? { context: args.text } : {}),
    ...(args.scope ? { scope: args.scope } : {}),
  };
}

/** Input of `run.start` for a review_doc call (the file is read here, where the caller named it). */
export function reviewInput(args: z.infer<typeof ReviewDocInput>): Record<string, unknown> {
  const markdown = args.markdown ?? readMarkdownFile(path.resolve(args.path!));
  return { input_mode: "text", topic: args.path ? path.basename(args.path, path.extname(args.path)) : "review", context: markdown, review_only: true };
}

/** Bytes a review_doc file may have: the markdown field's 400 000 characters at up to 4 UTF-8 bytes each. */
const MAX_FILE_BYTES = 1_600_000;

/**
 * The file review_doc was pointed at, checked before it is opened: reading a FIFO would block the
 * server forever and /dev/zero would fill memory, so only a regular file within the cap is read.
 */
function readMarkdownFile(file: string): string {
  return readUserTextFile(file, { maxBytes: MAX_FILE_BYTES, what: "review_doc file" });
}

/** Where a job stands: the session status, the module reports and a progress count from its events. */
export async function jobView(api: ScriptoriumApi, jobId: string): Promise<JobView> {
  const state = await api.call("run.state", { sessionId: jobId });
  const v = state.values as Record<string, any>;
  const { events } = await api.call("events.list", { sessionId: jobId, afterSeq: 0 });
  return {
    job_id: jobId,
    status: state.session.status,
    progress: progressOf(events, v),
    modules: (v.modules ?? []).map((m: any) => ({
      key: m.key,
      rounds: m.rounds,
      violations_before: m.violations_before,
      violations_after: m.violations_after,
      breaker: m.breaker,
      status: m.status,
    })),
    replacements: v.replacements ?? { kept: 0, dropped: 0 },
  };
}

/** Steps finished so far (monotonic), the expected total once the pipeline is known, and the last step's summary. */
export function progressOf(events: EngineEvent[], values: Record<string, any>): JobView["progress"] {
  const done = events.filter((e) => e.type === "step_done").length;
  const last = [...events].reverse().find((e) => e.type === "step_done" || e.type === "step_start");
  const pipeline = (values.review_pipeline ?? []).length as number;
  const message = last ? (last.type === "step_done" ? `${last.step}: ${last.summary}` : `${last.step}…`) : "starting";
  return { done, total: pipeline ? Math.max(done, pipeline + 5) : null, message };
}
