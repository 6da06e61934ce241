import { z } from "zod";
import { type ErrorCode, ScriptoriumError, formatZodError } from "./errors.js";

/** What was wrong with a JSON text: not JSON at all, or JSON of the wrong shape. */
export type JsonProblem = "not_json" | "invalid";

/** A JSON text that could not be used, naming what it was (`what`) and the problem. */
export class JsonParseError extends ScriptoriumError {
  constructor(
    readonly what: string,
    readonly problem: JsonProblem,
    readonly detail: string,
    code: ErrorCode = "bad_request",
  ) {
    super(code, `${what}: ${detail}`, { what, problem });
    this.name = "JsonParseError";
  }
}

/** Any JSON object (not an array, not null), its values unchecked: for payloads that are open by design. */
export const JsonObjectSchema = z.record(z.string(), z.unknown());

/**
 * Parses `text` as JSON and checks it against `schema`: the one way to turn JSON from outside the
 * running code (a database row, a file, a server's stream, a command-line flag) into a typed value,
 * so a damaged or foreign text is an error that names `what` it was and what is wrong, never a value
 * of the wrong shape passed on as if it were typed. `code` is the error's code (`bad_request` by
 * default; `unavailable` for a server's reply, `internal` for the app's own stored data).
 */
export function parseJson<S extends z.ZodType>(schema: S, text: string, what: string, code: ErrorCode = "bad_request"): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new JsonParseError(what, "not_json", `is not valid JSON (${(error as Error).message})`, code);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new JsonParseError(what, "invalid", `does not have the expected shape (${formatZodError(parsed.error)})`, code);
  return parsed.data;
}
