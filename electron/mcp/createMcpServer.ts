import { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { ScriptoriumApi } from "../../shared/api.js";
import { toApiError } from "../../shared/errors.js";
import type { EngineEvent } from "../../shared/events.js";
import { GenerateDocsInput, JobRef, ReviewDocInput, generateInput, jobView, progressOf, reviewInput } from "./docgenTools.js";

const JobViewSchema = z.object({
  job_id: z.string(),
  status: z.string(),
  progress: z.object({ done: z.number(), total: z.number().nullable(), message: z.string() }),
  modules: z.array(z.object({ key: z.string(), rounds: z.number(), violations_before: z.number(), violations_after: z.number(), breaker: z.boolean(), status: z.string() })),
  replacements: z.object({ kept: z.number(), dropped: z.number() }),
});
/** One output shape for every tool: a job's view, plus the document and comments once asked for. */
const ResultSchema = JobViewSchema.extend({ document: z.string().nullable().optional(), review_comments: z.array(z.string()).optional() });

type ToolContext = { mcpReq: { _meta?: { progressToken?: string | number }; signal: AbortSignal; notify: (n: { method: string; params: Record<string, unknown> }) => Promise<void> } };

/**
 * The doc generator as MCP tools, over any contract implementation (the in-process engine or the
 * running app through HttpForwardApi). Long runs follow the portable pattern: start → job id,
 * status with progress, result; `generate_docs` / `review_doc` with `wait` (default) send progress
 * notifications while they run and cancel the run when the request is cancelled.
 */
export function createMcpServer(api: ScriptoriumApi, version = "0.1.0"): McpServer {
  const server = new McpServer({ name: "scriptorium-docgen", version });
  const json = (value: Record<string, unknown>) => ({ content: [{ type: "text" as const, text: JSON.stringify(value) }], structuredContent: value });
  const failure = (error: unknown) => ({ content: [{ type: "text" as const, text: toApiError(error).message }], isError: true });

  const startAndMaybeWait = async (input: Record<string, unknown>, wait: boolean, ctx: ToolContext) => {
    const { sessionId } = await api.call("run.start", { workflow: "docgen", input } as never);
    if (!wait) return json((await jobView(api, sessionId)) as unknown as Record<string, unknown>);
    await followWithProgress(api, sessionId, ctx);
    return json(await result(api, sessionId));
  };

  server.registerTool(
    "generate_docs",
    {
      title: "Generate a technical document",
      description: "Write a technical document (MECE outline, sections, style-guide review and repair) from a code folder, markdown notes or text. Returns the document and a per-module report.",
      inputSchema: GenerateDocsInput,
      outputSchema: ResultSchema,
    },
    async (args, ctx) => {
      try {
        return await startAndMaybeWait(generateInput(args), args.wait, ctx as unknown as ToolContext);
      } catch (error) {
        return failure(error);
      }
    },
  );

  server.registerTool(
    "review_doc",
    {
      title: "Review and repair a markdown document",
      description: "Check a markdown document against the style guide module by module and repair it with verified line patches. Returns the repaired document and the report.",
      inputSchema: ReviewDocInput,
      outputSchema: ResultSchema,
    },
    async (args, ctx) => {
      try {
        return await startAndMaybeWait(reviewInput(args), args.wait, ctx as unknown as ToolContext);
      } catch (error) {
        return failure(error);
      }
    },
  );

  server.registerTool("docs_status", { title: "Status of a docs job", description: "Status and progress of a generate_docs / review_doc job.", inputSchema: JobRef, outputSchema: ResultSchema }, async ({ job_id }) => {
    try {
      return json((await jobView(api, job_id)) as unknown as Record<string, unknown>);
    } catch (error) {
      return failure(error);
    }
  });

  server.registerTool("docs_result", { title: "Result of a docs job", description: "The document and report of a finished job (document is null while it runs).", inputSchema: JobRef, outputSchema: ResultSchema }, async ({ job_id }) => {
    try {
      return json(await result(api, job_id));
    } catch (error) {
      return failure(error);
    }
  });

  server.registerTool("docs_cancel", { title: "Cancel a docs job", description: "Stop a running job.", inputSchema: JobRef, outputSchema: ResultSchema }, async ({ job_id }) => {
    try {
      await api.call("run.cancel", { sessionId: job_id });
      return json((await jobView(api, job_id)) as unknown as Record<string, unknown>);
    } catch (error) {
      return failure(error);
    }
  });

  return server;
}

async function result(api: ScriptoriumApi, jobId: string): Promise<Record<string, unknown>> {
  const view = await jobView(api, jobId);
  const state = await api.call("run.state", { sessionId: jobId });
  const v = state.values as Record<string, unknown>;
  return { ...view, document: view.status === "done" ? String(v.current_draft ?? "") : null, review_comments: (v.review_comments as string[]) ?? [] };
}

/** Follow a run to its end, turning its steps into progress notifications; a cancelled request cancels the run. */
function followWithProgress(api: ScriptoriumApi, sessionId: string, ctx: ToolContext): Promise<void> {
  const token = ctx.mcpReq._meta?.progressToken;
  const seen: EngineEvent[] = [];
  let lastDone = -1;
  return new Promise<void>((resolve, reject) => {
    let finished = false;
    const onAbort = () => {
      void api.call("run.cancel", { sessionId }).catch(() => undefined);
    };
    ctx.mcpReq.signal.addEventListener("abort", onAbort, { once: true });
    let unsubscribe: (() => void) | null = null;
    unsubscribe = api.subscribe(sessionId, 0, (event) => {
      if (finished) return;
      seen.push(event);
      if (token !== undefined && event.type === "step_done") {
        const p = progressOf(seen, {});
        if (p.done > lastDone) {
          lastDone = p.done;
          void ctx.mcpReq.notify({ method: "notifications/progress", params: { progressToken: token, progress: p.done, message: p.message } }).catch(() => undefined);
        }
      }
      if (event.type === "done" || event.type === "error" || event.type === "await_user") {
        finished = true;
        ctx.mcpReq.signal.removeEventListener("abort", onAbort);
        queueMicrotask(() => unsubscribe?.());
        if (event.type === "error" && ctx.mcpReq.signal.aborted) reject(new Error("cancelled"));
        else resolve();
      }
    });
    if (finished) unsubscribe();
  });
}
