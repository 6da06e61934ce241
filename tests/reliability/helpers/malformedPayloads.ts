import fc from "fast-check";
import { z } from "zod";
import { API } from "../../../shared/api.js";
import type { MethodName } from "../../../shared/api.js";
import { WORKFLOW_REGISTRY } from "../../../electron/engine/workflows/registry.js";

/**
 * Methods whose well-formed input still fails for an unknown session id (not_found), so a random
 * but schema-valid payload is a bad request too. Every other method is only fed malformed input.
 */
export const SESSION_METHODS = new Set<MethodName>([
  "sessions.delete",
  "run.resume",
  "run.retry",
  "run.state",
  "run.cancel",
  "events.list",
  "documents.versions",
  "documents.version",
  "documents.diff",
  "documents.restore",
  "documents.edit",
  // Not documents.export: with `markdown` instead of a session a well-formed payload is a real export.
]);

/** Error codes a bad payload may produce: the client's fault, never the server's. */
export const CLIENT_ERROR_CODES = ["bad_request", "not_found", "conflict"];

/** Keys of an object schema (after `.strict()`, `.partial()` …), to aim wrong values at real fields. */
export function schemaKeys(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

const json = fc.jsonValue({ maxDepth: 3 });

/** JSON values aimed at a method: any JSON at all, its own keys with random values, or extra keys. */
export function payloadArbitrary(method: MethodName): fc.Arbitrary<unknown> {
  const keys = schemaKeys(API[method].input);
  const keyArb = keys.length ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })) : fc.string({ maxLength: 12 });
  return fc.oneof(
    json,
    fc.dictionary(keyArb, json, { maxKeys: 5 }),
    keys.length ? fc.record(Object.fromEntries(keys.map((key) => [key, json])), { requiredKeys: [] }) : json,
  );
}

/** Request bodies that are not JSON at all, or JSON meant to trip a parser. */
export const rawBodyArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("{", "[1,", '{"sessionId":', "nul", "\u0000", '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', "1e400", '"'),
  fc.string({ maxLength: 40 }),
);

/**
 * Whether the engine would accept `payload` for `method` as a valid request (so it is not a bad
 * payload): the contract schema passes, and for `run.start` the workflow's own input schema too.
 * `emptyMeans` mirrors the adapter: IPC reads null/undefined as `{}`.
 */
export function isWellFormed(method: MethodName, payload: unknown): boolean {
  const parsed = (API[method].input as z.ZodType).safeParse(payload);
  if (!parsed.success) return false;
  if (method === "run.start") {
    const { workflow, input } = parsed.data as { workflow: keyof typeof WORKFLOW_REGISTRY; input: unknown };
    return WORKFLOW_REGISTRY[workflow].contract.start.safeParse(input).success;
  }
  return true;
}

/** Whether feeding this payload can only be refused: malformed, or well formed but naming no session. */
export function mustBeRefused(method: MethodName, payload: unknown, realSessionId: string): boolean {
  if (!isWellFormed(method, payload)) return true;
  if (!SESSION_METHODS.has(method)) return false;
  const sessionId = (payload as { sessionId?: unknown }).sessionId;
  return sessionId !== realSessionId;
}
