import { createReadStream } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ScriptoriumApi } from "../../shared/api.js";
import { ScriptoriumError } from "../../shared/errors.js";
import { ROUTES, buildRoutes, matchRoute, type Route } from "./apiRoutes.js";
import { uploadRoute } from "./uploadRoute.js";
import type { WorkflowRoute } from "./workflowRoutes.js";
import { SECURITY_HEADERS } from "./contentSecurityPolicy.js";
import { sendError, sendJson } from "./httpResponses.js";
import { BodyTooLargeError } from "./readJsonBody.js";
import { isLoopbackHostHeader } from "../engine/io/loopbackHosts.js";
import { requestToken, tokenMatches } from "./requestGuards.js";
import { SSE_KEEP_ALIVE_MS } from "./sseStream.js";
import { resolveStaticFile } from "./staticFiles.js";

export interface ServerOptions {
  /** The engine (or any implementation of the contract) to serve. */
  api: ScriptoriumApi;
  /** Access token every `/api` request must carry (Bearer header or `?token=`). */
  token: string;
  /** Interface to bind; default 127.0.0.1. Only loopback Host headers are accepted whatever it is. */
  host?: string;
  /** Port; 0 (the default) picks a free one. */
  port?: number;
  /** Built renderer (`dist/renderer`); absent = API only. */
  staticDir?: string;
  /** Interval between SSE keep-alive comments in ms; default 15 000. */
  keepAliveMs?: number;
  /** Where `POST /api/upload` keeps uploaded files (browser mode: `<dataDir>/uploads`); absent: no upload route. */
  uploadDir?: string;
  /** Workflows served under `/api/<route>/…`; default the api's own (`Engine.workflowRoutes`), else the built-in `WORKFLOW_ROUTES`. */
  workflows?: readonly WorkflowRoute[];
}

export interface ScriptoriumServer {
  /** Base URL, e.g. `http://127.0.0.1:5174`. */
  url: string;
  port: number;
  server: Server;
  /** Stop listening and drop open connections (SSE streams included). */
  close(): Promise<void>;
}

/** Start the HTTP + SSE adapter of the contract. Resolves once it listens. */
export async function createServer(options: ServerOptions): Promise<ScriptoriumServer> {
  if (options.token.length < 8) throw new ScriptoriumError("bad_request", "The access token must be at least 8 characters.");
  const host = options.host ?? "127.0.0.1";
  const workflows = options.workflows ?? (options.api as { workflowRoutes?(): WorkflowRoute[] }).workflowRoutes?.();
  const routes = [...(workflows ? buildRoutes(workflows) : ROUTES), ...(options.uploadDir ? [uploadRoute(options.uploadDir)] : [])];
  const server = createHttpServer((req, res) => {
    handleRequest(req, res, options, routes).catch((error: unknown) => sendError(res, error));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function handleRequest(req: IncomingMessage, res: ServerResponse, options: ServerOptions, routes: Route[]): Promise<void> {
  if (!isLoopbackHostHeader(req.headers.host)) {
    // 403 rather than 401: no token can make a rebound host name acceptable.
    sendJson(res, 403, { error: { code: "unauthorized", message: "Host not allowed: use 127.0.0.1 or localhost." } });
    return;
  }
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const method = req.method ?? "GET";
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
    if (!tokenMatches(options.token, requestToken(req, url))) {
      sendError(res, new ScriptoriumError("unauthorized", "Missing or wrong access token."));
      return;
    }
    const match = matchRoute(method, url.pathname, routes);
    if (!match) {
      sendError(res, new ScriptoriumError("not_found", `No route ${method} ${url.pathname}.`));
      return;
    }
    try {
      await match.route.handle({ req, res, url, api: options.api, params: match.params, keepAliveMs: options.keepAliveMs ?? SSE_KEEP_ALIVE_MS });
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        // The rest of the upload is not read; closing the connection stops the client sending it.
        res.setHeader("Connection", "close");
        sendError(res, error, 413);
      } else sendError(res, error);
    }
    return;
  }
  serveStatic(req, res, method, url.pathname, options.staticDir);
}

function serveStatic(req: IncomingMessage, res: ServerResponse, method: string, pathname: string, staticDir: string | undefined): void {
  if (method !== "GET" && method !== "HEAD") {
    sendError(res, new ScriptoriumError("not_found", `No route ${method} ${pathname}.`));
    return;
  }
  const file = staticDir ? resolveStaticFile(staticDir, pathname) : null;
  if (!file) {
    const hint = staticDir ? "" : " The renderer is not built: run `npm run build:renderer`.";
    sendError(res, new ScriptoriumError("not_found", `Not found: ${pathname}.${hint}`));
    return;
  }
  const isHtml = file.mimeType.startsWith("text/html");
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    "Content-Type": file.mimeType,
    // Vite's hashed assets never change; the HTML shell must always be revalidated.
    "Cache-Control": isHtml ? "no-cache" : "public, max-age=31536000, immutable",
  });
  if (method === "HEAD") {
    res.end();
    return;
  }
  const stream = createReadStream(file.filePath);
  stream.on("error", () => res.destroy());
  req.on("close", () => stream.destroy());
  stream.pipe(res);
}
