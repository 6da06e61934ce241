import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import { ScriptoriumError } from "../../shared/errors.js";
import { sendJson } from "./httpResponses.js";
import { BodyTooLargeError } from "./readJsonBody.js";
import type { Route } from "./apiRoutes.js";

/** Largest uploaded file, in bytes: the paper library's cap (a long scanned book). */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
/**
 * What a browser may hand over: papers (also office files, e-books and HTML), notes, guides,
 * documents to review, the paper library's reference files, and a backup to restore.
 */
const UPLOADABLE = new Set([".pdf", ".docx", ".odt", ".pptx", ".xlsx", ".epub", ".md", ".markdown", ".txt", ".html", ".htm", ".bib", ".ris", ".zip"]);

/**
 * `POST /api/upload?name=<file name>` with the file's bytes as the body: browser mode's file picker
 * and drop target, since a page cannot see paths. The file is kept under
 * `<uploadDir>/<uuid>/<name>` and its path returned, for `paper.import`, `knowledge.ingest`,
 * `docgen.importGuide` or a review-only run to read like any local file.
 */
export function uploadRoute(uploadDir: string): Route {
  return {
    method: "POST",
    pattern: "/api/upload",
    async handle(ctx) {
      const name = safeFileName(ctx.url.searchParams.get("name") ?? "");
      const declared = Number(ctx.req.headers["content-length"] ?? "0");
      if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) throw new BodyTooLargeError(MAX_UPLOAD_BYTES);
      const dir = path.join(uploadDir, randomUUID());
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, name);
      let size = 0;
      const cap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(size > MAX_UPLOAD_BYTES ? new BodyTooLargeError(MAX_UPLOAD_BYTES) : null, chunk);
        },
      });
      try {
        await pipeline(ctx.req, cap, fs.createWriteStream(file, { flags: "wx", mode: 0o600 }));
      } catch (error) {
        // Nothing half-written stays behind.
        fs.rmSync(dir, { recursive: true, force: true });
        throw error;
      }
      if (size === 0) {
        fs.rmSync(dir, { recursive: true, force: true });
        throw new ScriptoriumError("bad_request", `${name} is empty.`);
      }
      sendJson(ctx.res, 200, { path: file, name, bytes: size });
    },
  };
}

/** The name's last segment, without control characters; refused unless it has an uploadable extension. */
function safeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(-200);
  if (!base || base === "." || base === "..") throw new ScriptoriumError("bad_request", "upload: give the file's name as ?name=…");
  const ext = path.extname(base).toLowerCase();
  if (!UPLOADABLE.has(ext)) throw new ScriptoriumError("bad_request", `upload: ${base} is not a file Scriptorium reads (${[...UPLOADABLE].join(", ")}).`, { file: base, reason: "not_uploadable" });
  return base;
}
