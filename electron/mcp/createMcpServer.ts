import { McpServer } from "@modelcontextprotocol/server";
import type { ScriptoriumApi } from "../../shared/api.js";
import { toApiError } from "../../shared/errors.js";
import { WORKFLOW_REGISTRY } from "../engine/workflows/registry.js";
import type { McpRequest, WorkflowRegistry } from "../engine/workflows/WorkflowDefinition.js";
import { EXPORT_DOCUMENT_TOOL } from "./exportDocumentTool.js";

type ToolContext = {
  mcpReq: {
    _meta?: { progressToken?: string | number };
    signal: AbortSignal;
    notify: (n: { method: string; params: Record<string, unknown> }) => Promise<void>;
  };
};

export interface McpServerOptions {
  /** The folder tools may write files into (review_doc's `output_docx`); absent: they write none. */
  outputDir?: string | null;
}

/**
 * The MCP adapter: every registered workflow's tools (its definition's `mcpTools`; the doc
 * generator's generate_docs, review_doc, docs_status …), over any contract implementation (the
 * in-process engine or the running app through HttpForwardApi). Long runs follow the portable
 * pattern: start → job id, status with progress, result; a tool sends progress notifications when
 * the client asked for them, and a cancelled request cancels what it started.
 */
export function createMcpServer(api: ScriptoriumApi, version = "0.1.0", registry: WorkflowRegistry = WORKFLOW_REGISTRY, options: McpServerOptions = {}): McpServer {
  const server = new McpServer({ name: "scriptorium", version });
  const json = (value: Record<string, unknown>) => ({ content: [{ type: "text" as const, text: JSON.stringify(value) }], structuredContent: value });
  const failure = (error: unknown) => ({ content: [{ type: "text" as const, text: toApiError(error).message }], isError: true });
  // The core's own tool (documents.export), then every workflow's.
  for (const tool of [EXPORT_DOCUMENT_TOOL, ...Object.values(registry).flatMap((definition) => definition.mcpTools ?? [])]) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema as never,
        ...(tool.outputSchema ? { outputSchema: tool.outputSchema as never } : {}),
      },
      (async (args: unknown, ctx: ToolContext) => {
        const token = ctx.mcpReq._meta?.progressToken;
        const request: McpRequest = {
          signal: ctx.mcpReq.signal,
          outputDir: options.outputDir ?? null,
          progress: async (progress, message) => {
            if (token !== undefined) await ctx.mcpReq.notify({ method: "notifications/progress", params: { progressToken: token, progress, message } });
          },
        };
        try {
          return json(await tool.run(api, args, request));
        } catch (error) {
          return failure(error);
        }
      }) as never,
    );
  }
  return server;
}
