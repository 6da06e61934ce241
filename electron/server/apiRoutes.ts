import type { IncomingMessage, ServerResponse } from "node:http";
import { API, isMethodName } from "../../shared/api.js";
import type { MethodName, ScriptoriumApi } from "../../shared/api.js";
import { ArticleResumeSchema, ArticleStartInputSchema } from "../../shared/article.js";
import { ScriptoriumError } from "../../shared/errors.js";
import { sendJson } from "./httpResponses.js";
import { readJsonBody } from "./readJsonBody.js";
import { lastEventIdOf, streamSessionEvents } from "./sseStream.js";

/** What a route handler receives; it answers through `res` or throws a ScriptoriumError. */
export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  api: ScriptoriumApi;
  /** Path parameters in order of appearance (`{id}` → params[0]). */
  params: string[];
  keepAliveMs: number;
}

interface Route {
  method: "GET" | "POST";
  /** `/api/...` with `{id}` placeholders (one path segment each). */
  pattern: string;
  handle(ctx: RouteContext): Promise<void>;
}

/** Parse with the method's zod schema at the boundary, then call the engine. */
export async function callMethod(api: ScriptoriumApi, method: MethodName, input: unknown): Promise<unknown> {
  const parsed: unknown = API[method].input.parse(input);
  return api.call(method, parsed as never);
}

const stream = async (ctx: RouteContext): Promise<void> =>
  streamSessionEvents(ctx.req, ctx.res, ctx.api, sessionParam(ctx), lastEventIdOf(ctx.req, ctx.url), ctx.keepAliveMs);

/**
 * The route table. `POST /api/rpc/<method>` covers every contract method (derived from `API`);
 * the `/api/ai-writing/*` routes are the product brief's names for the same article methods.
 */
export const ROUTES: Route[] = [
  {
    method: "POST",
    pattern: "/api/rpc/{method}",
    async handle(ctx) {
      const name = ctx.params[0] ?? "";
      if (!isMethodName(name)) throw new ScriptoriumError("not_found", `Unknown method "${name}".`);
      sendJson(ctx.res, 200, await callMethod(ctx.api, name, await readJsonBody(ctx.req)));
    },
  },
  { method: "GET", pattern: "/api/sessions/{id}/stream", handle: stream },
  {
    method: "GET",
    pattern: "/api/health",
    async handle(ctx) {
      sendJson(ctx.res, 200, await callMethod(ctx.api, "health", {}));
    },
  },
  {
    method: "POST",
    pattern: "/api/ai-writing/start",
    async handle(ctx) {
      const input = ArticleStartInputSchema.parse(await readJsonBody(ctx.req));
      const { sessionId } = await ctx.api.call("run.start", { workflow: "article", input });
      sendJson(ctx.res, 200, { session_id: sessionId });
    },
  },
  { method: "GET", pattern: "/api/ai-writing/{id}/stream", handle: stream },
  {
    method: "POST",
    pattern: "/api/ai-writing/{id}/resume",
    async handle(ctx) {
      const payload = ArticleResumeSchema.parse(await readJsonBody(ctx.req));
      const result = await ctx.api.call("run.resume", { sessionId: sessionParam(ctx), payload });
      sendJson(ctx.res, 200, { session_id: result.sessionId, status: result.status });
    },
  },
  {
    method: "GET",
    pattern: "/api/ai-writing/{id}/state",
    async handle(ctx) {
      sendJson(ctx.res, 200, await callMethod(ctx.api, "run.state", { sessionId: sessionParam(ctx) }));
    },
  },
  {
    method: "GET",
    pattern: "/api/ai-writing/{id}/versions",
    async handle(ctx) {
      sendJson(ctx.res, 200, await callMethod(ctx.api, "article.versions", { sessionId: sessionParam(ctx) }));
    },
  },
];

function sessionParam(ctx: RouteContext): string {
  const id = ctx.params[0] ?? "";
  if (id.length === 0 || id.length > 100) throw new ScriptoriumError("bad_request", "Session id must be 1–100 characters.");
  return id;
}

/** Find the route for a method and path; `undefined` params means no route matched. */
export function matchRoute(method: string, pathname: string): { route: Route; params: string[] } | null {
  const segments = pathname.split("/");
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const parts = route.pattern.split("/");
    if (parts.length !== segments.length) continue;
    const params: string[] = [];
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const part = parts[i] ?? "";
      const segment = segments[i] ?? "";
      if (part.startsWith("{")) {
        try {
          params.push(decodeURIComponent(segment));
        } catch {
          ok = false;
        }
      } else ok = part === segment;
    }
    if (ok) return { route, params };
  }
  return null;
}
