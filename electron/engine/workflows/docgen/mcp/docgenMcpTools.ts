import { z } from "zod";
import type { ScriptoriumApi } from "../../../../../shared/api.js";
import type { EngineEvent } from "../../../../../shared/events.js";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import type { McpRequest, McpToolSpec } from "../../WorkflowDefinition.js";
import { GenerateDocsInput, JobRef, JobResultRef, ReviewDocInput, generateInput, jobView, progressOf, reviewInput } from "./docgenTools.js";
import { writeReviewDocx } from "./writeReviewDocx.js";

const JobViewSchema = z.object({
  job_id: z.string(),
  status: z.string(),
  progress: z.object({ done: z.number(), total: z.number().nullable(), message: z.string() }),
  modules: z.array(
    z.object({ key: z.string(), rounds: z.number(), violations_before: z.number(), violations_after: z.number(), breaker: z.boolean(), status: z.string() }),
  ),
  replacements: z.object({ kept: z.number(), dropped: z.number() }),
});
const ResultSchema = JobViewSchema.extend({
  document: z.string().nullable().optional(),
  review_comments: z.array(z.string()).optional(),
  /** The tracked-changes Word file written for `output_docx`. */
  docx: z.object({ path: z.string(), bytes: z.number(), from_version: z.number(), to_version: z.number() }).optional(),
});

async function startAndMaybeWait(
  api: ScriptoriumApi,
  input: Record<string, unknown>,
  wait: boolean,
  request: McpRequest,
  outputDocx?: string,
): Promise<Record<string, unknown>> {
  const { sessionId } = await api.call("run.start", { workflow: "docgen", input } as never);
  if (!wait) return (await jobView(api, sessionId)) as unknown as Record<string, unknown>;
  await followWithProgress(api, sessionId, request);
  return result(api, sessionId, request, outputDocx);
}

/** The doc generator as MCP tools (the brief exports it as one): generate, review, and the job's status, result and cancel. */
export const DOCGEN_MCP_TOOLS: readonly McpToolSpec[] = [
  {
    name: "generate_docs",
    title: "Generate a technical document",
    description: "Write a technical document (MECE outline, sections, style-guide review and repair) from a code folder, markdown notes or text. Returns the document and a per-module report.",
    inputSchema: GenerateDocsInput,
    outputSchema: ResultSchema,
    run: (api, args: z.infer<typeof GenerateDocsInput>, request) => startAndMaybeWait(api, generateInput(args), args.wait, request),
  },
  {
    name: "review_doc",
    title: "Review and repair a markdown document",
    description:
      "Check a markdown document against the style guide module by module and repair it with verified line patches. Returns the repaired document and the report; with output_docx also writes the review as a Word file with tracked changes (accept all = repaired, reject all = original).",
    inputSchema: ReviewDocInput,
    outputSchema: ResultSchema,
    run: (api, args: z.infer<typeof ReviewDocInput>, request) => startAndMaybeWait(api, reviewInput(args), args.wait, request, args.output_docx),
  },
  {
    name: "docs_status",
    title: "Status of a docs job",
    description: "Status and progress of a generate_docs / review_doc job.",
    inputSchema: JobRef,
    outputSchema: ResultSchema,
    run: async (api, { job_id }: z.infer<typeof JobRef>) => (await jobView(api, job_id)) as unknown as Record<string, unknown>,
  },
  {
    name: "docs_result",
    title: "Result of a docs job",
    description: "The document and report of a finished job (document is null while it runs); output_docx writes its changes as a tracked-changes Word file.",
    inputSchema: JobResultRef,
    outputSchema: ResultSchema,
    run: (api, { job_id, output_docx }: z.infer<typeof JobResultRef>, request) => result(api, job_id, request, output_docx),
  },
  {
    name: "docs_cancel",
    title: "Cancel a docs job",
    description: "Stop a running job.",
    inputSchema: JobRef,
    outputSchema: ResultSchema,
    run: async (api, { job_id }: z.infer<typeof JobRef>) => {
      await api.call("run.cancel", { sessionId: job_id });
      return (await jobView(api, job_id)) as unknown as Record<string, unknown>;
    },
  },
];


async function result(api: ScriptoriumApi, jobId: string, request?: McpRequest, outputDocx?: string): Promise<Record<string, unknown>> {
  const view = await jobView(api, jobId);
  const state = await api.call("run.state", { sessionId: jobId });
  const v = state.values as Record<string, unknown>;
  const done = view.status === "done";
  const out = { ...view, document: done ? String(v.current_draft ?? "") : null, review_comments: (v.review_comments as string[]) ?? [] };
  if (!outputDocx) return out;
  if (!done) throw new ScriptoriumError("conflict", `Job ${jobId} is ${view.status}; output_docx is written once it is done.`, { job_id: jobId, status: view.status });
  return { ...out, docx: await writeReviewDocx(api, jobId, outputDocx, request?.outputDir ?? null) };
}

/** Follow a run to its end, turning its steps into progress notifications; a cancelled request cancels the run. */
function followWithProgress(api: ScriptoriumApi, sessionId: string, request: McpRequest): Promise<void> {
  const seen: EngineEvent[] = [];
  let lastDone = -1;
  return new Promise<void>((resolve, reject) => {
    let finished = false;
    const onAbort = () => {
      void api.call("run.cancel", { sessionId }).catch(() => undefined);
    };
    request.signal.addEventListener("abort", onAbort, { once: true });
    let unsubscribe: (() => void) | null = null;
    unsubscribe = api.subscribe(sessionId, 0, (event) => {
      if (finished) return;
      seen.push(event);
      if (event.type === "step_done") {
        const p = progressOf(seen, {});
        if (p.done > lastDone) {
          lastDone = p.done;
          void request.progress(p.done, p.message).catch(() => undefined);
        }
      }
      if (event.type === "done" || event.type === "error" || event.type === "await_user") {
        finished = true;
        request.signal.removeEventListener("abort", onAbort);
        queueMicrotask(() => unsubscribe?.());
        if (event.type === "error" && request.signal.aborted) reject(new Error("cancelled"));
        else resolve();
      }
    });
    if (finished) unsubscribe();
  });
}
