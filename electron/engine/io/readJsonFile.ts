import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { z } from "zod";
import { ScriptoriumError } from "../../../shared/errors.js";
import { JsonParseError, parseJson } from "../../../shared/parseJson.js";

/** What was wrong with a persisted JSON file. */
export type JsonFileProblem = "missing" | "unreadable" | "not_json" | "invalid";

/**
 * A persisted JSON file that could not be used, naming the file and the problem. `not_found` when
 * the file does not exist (callers with a default catch {@link isMissingJsonFile}); `bad_request`
 * when it exists but cannot be read, is not JSON (a write cut short) or fails its schema.
 */
export class JsonFileError extends ScriptoriumError {
  constructor(
    readonly file: string,
    readonly problem: JsonFileProblem,
    detail: string,
  ) {
    super(problem === "missing" ? "not_found" : "bad_request", `${file}: ${detail}`, { file, problem });
    this.name = "JsonFileError";
  }
}

/** Whether `error` is a {@link JsonFileError} for a file that does not exist. */
export function isMissingJsonFile(error: unknown): boolean {
  return error instanceof JsonFileError && error.problem === "missing";
}

/**
 * Reads a JSON file the app wrote earlier (a cache, a sidecar, settings, a library index) and
 * checks it against `schema`: the one way to read persisted JSON, so a file edited by hand, cut
 * short by a power cut or written by another version is an error that names the file and what is
 * wrong, never a value of the wrong shape passed on as if it were typed.
 */
export async function readJsonFile<S extends z.ZodType>(file: string, schema: S): Promise<z.output<S>> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw readError(file, error);
  }
  return parseJsonText(file, text, schema);
}

/** {@link readJsonFile} for the few callers that must stay synchronous (exit handlers, small caches read in place). */
export function readJsonFileSync<S extends z.ZodType>(file: string, schema: S): z.output<S> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw readError(file, error);
  }
  return parseJsonText(file, text, schema);
}

function readError(file: string, error: unknown): JsonFileError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return new JsonFileError(file, "missing", "does not exist");
  return new JsonFileError(file, "unreadable", `cannot be read (${code ?? (error as Error).message})`);
}

function parseJsonText<S extends z.ZodType>(file: string, text: string, schema: S): z.output<S> {
  try {
    return parseJson(schema, text, file);
  } catch (error) {
    if (error instanceof JsonParseError) throw new JsonFileError(file, error.problem, error.detail);
    throw error;
  }
}
