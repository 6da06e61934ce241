import type { IncomingMessage, ServerResponse } from "node:http";
import { isMethodName } from "../../shared/api.js";
import type { MethodName, ScriptoriumApi } from "../../shared/api.js";
import { ScriptoriumError } from "../../shared/errors.js";
import { sendJson } from "./httpResponses.js";
import { readJsonBody } from "./readJsonBody.js";
import { briefView } from "../../shared/events.js";
import { lastEventIdOf, sseViewOf, streamSessionEvents } from "./sseStream.js";
import { WORKFLOW_ROUTES } from "./workflowRoutes.js";
import type { WorkflowRoute } from "./workflowRoutes.js";

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

export interface Route {
  method: "GET" | "POST";
  /** `/api/...` with `{id}` placeholders (one path segment each). */
  pattern: string;
  handle(ctx: RouteContext): Promise<void>;
}

/** Call the engine; the payload is parsed there, once (the adapter only transports it). */
export async function callMethod(api: ScriptoriumApi, method: MethodName, input: unknown): Promise<unknown> {
  return api.call(method, input as never);
}

const stream = async (ctx: RouteContext): Promise<void> =>
  streamSessionEvents(ctx.req, ctx.res, ctx.api, sessionParam(ctx), lastEventIdOf(ctx.req, ctx.url), ctx.keepAliveMs, sseViewOf(ctx.url));

/** The six routes of one workflow, `/api/<route>/…`, all mapped onto contract methods. */
export function workflowRoutes({ workflow, route, wire }: WorkflowRoute): Route[] {
  const base = `/api/${route}`;
  // The route's `wire` (from its contract) adds another client's names on these routes only (the
  // article: the product brief's); an explicit `?view=` still picks the generic views.
  const stream = async (ctx: RouteContext): Promise<void> => {
    const view = ctx.url.searchParams.has("view") ? sseViewOf(ctx.url) : (wire?.event ?? briefView);
    return streamSessionEvents(ctx.req, ctx.res, ctx.api, sessionParam(ctx), lastEventIdOf(ctx.req, ctx.url), ctx.keepAliveMs, view);
  };
  return [
    {
      method: "POST",
      pattern: `${base}/start`,
      async handle(ctx) {
        const body = objectBody(await readJsonBody(ctx.req));
        const { sessionId } = (await callMethod(ctx.api, "run.start", { workflow, input: body })) as { sessionId: string };
        sendJson(ctx.res, 200, { session_id: sessionId, sessionId, ...wire?.started });
      },
    },
    { method: "GET", pattern: `${base}/{id}/stream`, handle: stream },
    {
      method: "POST",
      pattern: `${base}/{id}/resume`,
      async handle(ctx) {
        const payload = objectBody(await readJsonBody(ctx.req));
        const result = (await callMethod(ctx.api, "run.resume", { sessionId: sessionParam(ctx), payload })) as { sessionId: string; status: string };
        sendJson(ctx.res, 200, { session_id: result.sessionId, status: result.status, ...wire?.resumed });
      },
    },
    {
      method: "GET",
      pattern: `${base}/{id}/state`,
      async handle(ctx) {
        const state = (await callMethod(ctx.api, "run.state", { sessionId: sessionParam(ctx) })) as { session: { id: string }; values: Record<string, unknown> } & Record<string, unknown>;
        // The brief's names beside the contract's: `session_id`, the workflow's `status` word and the wire's state fields.
        sendJson(ctx.res, 200, { session_id: state.session.id, ...wire?.state(state.values), ...state });
      },
    },
    {
      method: "GET",
      pattern: `${base}/{id}/versions`,
      async handle(ctx) {
        sendJson(ctx.res, 200, await callMethod(ctx.api, "documents.versions", { sessionId: sessionParam(ctx) }));
      },
    },
    {
      method: "GET",
      pattern: `${base}/health`,
      async handle(ctx) {
        const health = (await callMethod(ctx.api, "health", {})) as Record<string, unknown>;
        // The brief's step 9.3: each search provider's health_check beside the engine's own health.
        const { providers } = (await callMethod(ctx.api, "providers.health", {})) as { providers: Array<Record<string, unknown>> };
        sendJson(ctx.res, 200, {
          ...health,
          workflow,
          providers: providers.map((p) => ({ ...p, health_check: { ok: p.ok, message: p.message, elapsed_ms: p.elapsedMs } })),
        });
      },
    },
  ];
}

/**
 * The route table: `POST /api/rpc/<method>` for every contract method, the session stream and
 * health, then six routes per workflow generated from `WORKFLOW_ROUTES`.
 */
export function buildRoutes(workflows: readonly WorkflowRoute[] = WORKFLOW_ROUTES): Route[] {
  return [
    {
      method: "POST",
      pattern: "/api/rpc/{method}",
      async handle(ctx) {
        // The engine's own table when it has one (it includes workflows registered at run time).
        const name = (ctx.params[0] ?? "") as MethodName;
        const known = (ctx.api as { methodNames?(): string[] }).methodNames?.().includes(name) ?? isMethodName(name);
        if (!known) throw new ScriptoriumError("not_found", `Unknown method "${name}".`);
        sendJson(ctx.res, 200, await callMethod(ctx.api, name, objectBody(await readJsonBody(ctx.req))));
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
    ...workflows.flatMap(workflowRoutes),
  ];
}

export const ROUTES: Route[] = buildRoutes();

/**
 * The wire rule of every JSON route: the body is a JSON object (an empty body reads as `{}`).
 * Its fields are the engine's to check; `null`, arrays and scalars are refused here because IPC's
 * "no payload means {}" must not turn an HTTP `null` into a valid call.
 */
function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new ScriptoriumError("bad_request", "The request body must be a JSON object.");
  return body as Record<string, unknown>;
}

function sessionParam(ctx: RouteContext): string {
  const id = ctx.params[0] ?? "";
  if (id.length === 0 || id.length > 100) throw new ScriptoriumError("bad_request", "Session id must be 1–100 characters.");
  return id;
}

/** Find the route for a method and path; `undefined` params means no route matched. */
export function matchRoute(method: string, pathname: string, routes: readonly Route[] = ROUTES): { route: Route; params: string[] } | null {
  const segments = pathname.split("/");
  for (const route of routes) {
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
