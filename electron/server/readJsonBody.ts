import type { IncomingMessage } from "node:http";
import { ScriptoriumError } from "../../shared/errors.js";

/** Largest request body accepted, in bytes (1 MiB): every contract input is far smaller. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Thrown for a body over `MAX_BODY_BYTES`; the server answers 413 instead of 400. */
export class BodyTooLargeError extends ScriptoriumError {
  constructor(limit: number) {
    super("bad_request", `Request body is larger than ${limit} bytes.`, { limitBytes: limit });
  }
}

/**
 * Read and parse a JSON request body. An empty body reads as `{}` so that methods without input
 * can be called with a bare POST. Throws `bad_request` for malformed JSON and `BodyTooLargeError`
 * as soon as the limit is crossed (the rest is not buffered).
 */
export async function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ScriptoriumError("bad_request", `Malformed JSON body: ${(error as Error).message}`);
  }
}
