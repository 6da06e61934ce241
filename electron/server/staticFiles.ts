import { realpathSync, statSync } from "node:fs";
import path from "node:path";
import { confinePathSync, isInsideRoot } from "../engine/io/confinePath.js";

/** MIME types of what Vite emits; anything else is served as an opaque download type. */
export const MIME_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
};

export function mimeTypeOf(filePath: string): string {
  return MIME_TYPES[path.extname(filePath).toLowerCase()] ?? "application/octet-stream";
}

export interface StaticFile {
  filePath: string;
  mimeType: string;
}

/**
 * Map a URL path onto a file inside `root`, or null when there is none. Confinement is checked
 * twice: on the normalised path (`..`, encoded slashes, NUL bytes) and on the real path (a
 * symlink inside the dist dir pointing out of it). Paths without an extension that match no file
 * fall back to `index.html` so client-side routes survive a reload (SPA fallback).
 */
export function resolveStaticFile(root: string, urlPath: string): StaticFile | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return null;
  }
  const relative = decoded.replace(/^\/+/, "");
  const candidate = path.resolve(realRoot, relative === "" ? "index.html" : relative);
  if (!isInsideRoot(realRoot, candidate)) return null;
  const found = existingFile(realRoot, candidate);
  if (found) return { filePath: found, mimeType: mimeTypeOf(found) };
  if (path.extname(candidate) !== "") return null;
  const index = existingFile(realRoot, path.join(realRoot, "index.html"));
  return index ? { filePath: index, mimeType: mimeTypeOf(index) } : null;
}

function existingFile(realRoot: string, candidate: string): string | null {
  const real = confinePathSync(realRoot, candidate);
  try {
    return real !== null && statSync(real).isFile() ? real : null;
  } catch {
    return null;
  }
}
