import { formatZodError, ScriptoriumError } from "../../../shared/errors.js";
import { jsonSchemaForGrammar, type JsonSchema } from "./jsonSchemaForGrammar.js";
import { parseLenientJson } from "./lenientJson.js";
import { repairToSchema } from "./repairToSchema.js";
import type { GenerateStructuredOptions, StructuredResult } from "./LlmClient.js";

/** One raw generation the retry loop asks a backend for. */
export interface StructuredAttemptRequest {
  system?: string;
  /** The caller's prompt plus the schema instruction (and, on retries, the previous error). */
  prompt: string;
  /** Grammar-safe schema (see jsonSchemaForGrammar); backends with native support constrain to it. */
  jsonSchema: JsonSchema;
  /** Short identifier for the schema, e.g. `editor.review_facts` (OpenAI's `json_schema.name`). */
  schemaName: string;
  /** 1-based. */
  attempt: number;
  maxTokens: number;
  temperature: number;
  signal?: AbortSignal;
  onTextChunk?: (text: string) => void;
}

/** What a backend returns for one attempt. */
export interface StructuredAttemptResult {
  text: string;
  tokens: number;
}

export type StructuredAttempt = (request: StructuredAttemptRequest) => Promise<StructuredAttemptResult>;

/** Longest slice of a rejected reply fed back to the model, so retries stay inside the context. */
const MAX_FEEDBACK_CHARS = 1500;

/**
 * The structured-output loop every backend shares: generate → lenient JSON parse → zod
 * validation; on failure, retry with the error and the rejected reply fed back, up to
 * `maxAttempts` (default 3), or until two replies ran to their token budget unparsed. Then throws
 * ScriptoriumError(`internal`) naming the schema and the last error. Backend errors (unreachable
 * server, abort) are not retried.
 */
export async function structuredGenerate<T>(
  options: GenerateStructuredOptions<T>,
  attemptOnce: StructuredAttempt,
): Promise<StructuredResult<T>> {
  const started = performance.now();
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const jsonSchema = jsonSchemaForGrammar(options.schema);
  const schemaName = schemaNameOf(options);
  const basePrompt = `${options.prompt}\n\n${schemaInstruction(jsonSchema)}`;
  let tokens = 0;
  let lastError = "";
  let lastRaw = "";
  let cutAttempts = 0;
  let attempts = 0;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    attempts = attempt;
    // A weak model that twice filled its whole budget without closing the JSON is looping on this
    // input: a third budget would be spent the same way (measured on Gemma: a revise plan, three
    // ~880-token attempts, 156 s, nothing kept).
    if (cutAttempts >= 2) {
      attempts = attempt - 1;
      break;
    }
    if (options.signal?.aborted) throw new ScriptoriumError("aborted", "Cancelled.");
    const prompt = attempt === 1 ? basePrompt : `${basePrompt}\n\n${retryFeedback(lastError, lastRaw)}`;
    const result = await attemptOnce({
      system: options.system,
      prompt,
      jsonSchema,
      schemaName,
      attempt,
      maxTokens: options.maxTokens ?? 1024,
      temperature: options.temperature ?? 0.2,
      signal: options.signal,
      onTextChunk: options.onTextChunk,
    });
    tokens += result.tokens;
    lastRaw = result.text;
    if (options.signal?.aborted) throw new ScriptoriumError("aborted", "Cancelled.");
    const parsed = parseLenientJson(result.text);
    if (!parsed.ok) {
      lastError = parsed.error;
      if (result.tokens >= (options.maxTokens ?? 1024)) cutAttempts++;
      continue;
    }
    let validated = options.schema.safeParse(parsed.value);
    if (!validated.success) validated = repairToSchema(options.schema, parsed.value, validated.error);
    if (validated.success) {
      return { value: validated.data, attempts: attempt, raw: result.text, durationMs: performance.now() - started, tokens };
    }
    lastError = formatZodError(validated.error);
  }
  throw new ScriptoriumError(
    "internal",
    `The model gave no valid ${schemaName} output after ${attempts} attempts${cutAttempts >= 2 ? " (two ran to their token budget)" : ""}: ${lastError}`,
    { schema: schemaName, attempts, lastError, raw: lastRaw.slice(0, MAX_FEEDBACK_CHARS) },
  );
}

/** `role.step` from the call tag, else the schema's description, else `output`. */
export function schemaNameOf(options: Pick<GenerateStructuredOptions<unknown>, "tag" | "schema">): string {
  const raw = options.tag ? `${options.tag.role}.${options.tag.step}` : (options.schema.description ?? "output");
  return raw.replace(/[^\w.-]+/g, "_").slice(0, 64) || "output";
}

function schemaInstruction(jsonSchema: JsonSchema): string {
  return `Reply with only one JSON value, no prose and no code fence, matching this JSON schema:\n${JSON.stringify(jsonSchema)}`;
}

function retryFeedback(error: string, raw: string): string {
  const shown = raw.length > MAX_FEEDBACK_CHARS ? `${raw.slice(0, MAX_FEEDBACK_CHARS)}…` : raw;
  return `Your previous reply was rejected: ${error}\nPrevious reply:\n${shown}\nReply again with only the corrected JSON.`;
}
