import { readFile } from "node:fs/promises";
import { SECURITY_HEADERS } from "../server/contentSecurityPolicy.js";
import { resolveStaticFile } from "../server/staticFiles.js";
import { APP_HOST, APP_SCHEME } from "./appOrigin.js";

/**
 * The `protocol.handle(APP_SCHEME, …)` handler: serves the built renderer from `distDir` with the
 * same confinement, MIME types, SPA fallback and CSP as the HTTP adapter. Anything else is a 404.
 */
export function createAppProtocolHandler(distDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return notFound();
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || (request.method !== "GET" && request.method !== "HEAD")) return notFound();
    const file = resolveStaticFile(distDir, url.pathname);
    if (!file) return notFound();
    const body = request.method === "HEAD" ? null : await readFile(file.filePath);
    return new Response(body, { status: 200, headers: { ...SECURITY_HEADERS, "Content-Type": file.mimeType } });
  };
}

function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { ...SECURITY_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
}
