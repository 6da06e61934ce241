import { z } from "zod";

/** A JSON schema as plain data. */
export type JsonSchema = { [key: string]: unknown };

export interface JsonSchemaForGrammarOptions {
  /** `maxLength` given to every string that has none; default 400 characters. */
  maxStringLength?: number;
  /** `maxItems` given to every array (and `maxProperties` to every record) that has none; default 12. */
  maxItems?: number;
  /** Integer ranges with at most this many values become an `enum`; default 64. */
  maxIntegerEnum?: number;
}

/** Keywords node-llama-cpp's GBNF converter understands; the rest are dropped, not passed on. */
const KEPT = new Set([
  "type", "const", "enum", "oneOf", "$defs", "$ref", "description",
  "minLength", "maxLength", "format",
  "properties", "required", "additionalProperties", "minProperties", "maxProperties",
  "items", "prefixItems", "minItems", "maxItems",
]);
const GRAMMAR_FORMATS = new Set(["date-time", "time", "date"]);

/**
 * llama.cpp's MAX_REPETITION_THRESHOLD (src/llama-grammar.cpp): a repetition `{m,n}` with n
 * exactly 2 000 is refused ("number of rules that are going to be repeated multiplied by the new
 * repetition exceeds sane defaults") and one above it is silently made unbounded. So a bound at or
 * above it is left out of the grammar (zod still enforces it, maxTokens still ends the reply):
 * the grammar compiles and says what llama.cpp would do anyway.
 */
export const GRAMMAR_MAX_REPETITION = 2000;

/**
 * Turn a zod schema into a JSON schema that node-llama-cpp's grammar enforces as meant.
 *
 * Why each rewrite (shared/notes/local-stack.md §1.1): the converter silently turns `anyOf` into
 * `null`, so it becomes `oneOf`; it ignores `minimum`/`maximum`/`pattern`, so small integer
 * ranges become an `enum` and everything else is re-validated with zod afterwards; unbounded
 * strings and arrays let a small model ramble until maxTokens, so each gets a bound. Objects are
 * closed (`additionalProperties: false`). `$defs`/`$ref` are kept. Pure function.
 */
export function jsonSchemaForGrammar(schema: z.ZodType, options: JsonSchemaForGrammarOptions = {}): JsonSchema {
  const raw = z.toJSONSchema(schema, { io: "output", unrepresentable: "any", reused: "inline" }) as JsonSchema;
  return normalizeJsonSchema(raw, options);
}

/** The rewrite behind {@link jsonSchemaForGrammar}, for JSON schemas that do not come from zod. */
export function normalizeJsonSchema(schema: JsonSchema, options: JsonSchemaForGrammarOptions = {}): JsonSchema {
  const limits = {
    maxStringLength: options.maxStringLength ?? 400,
    maxItems: options.maxItems ?? 12,
    maxIntegerEnum: options.maxIntegerEnum ?? 64,
  };
  const root = rewrite(schema, limits);
  const defs = schema.$defs ?? schema.definitions;
  if (isObject(defs)) {
    root.$defs = Object.fromEntries(Object.entries(defs).map(([name, def]) => [name, rewrite(asSchema(def), limits)]));
  }
  return root;
}

type Limits = Required<JsonSchemaForGrammarOptions>;

function rewrite(input: JsonSchema, limits: Limits): JsonSchema {
  if (typeof input.$ref === "string") {
    return withDescription({ $ref: input.$ref.replace("#/definitions/", "#/$defs/") }, input);
  }
  if (Array.isArray(input.allOf)) return rewrite(mergeAllOf(input), limits);
  const alternatives = input.anyOf ?? input.oneOf;
  if (Array.isArray(alternatives)) {
    const oneOf = alternatives.map((alt) => rewrite(asSchema(alt), limits));
    return withDescription(oneOf.length === 1 ? oneOf[0]! : { oneOf }, input);
  }
  if ("const" in input) return withDescription({ const: input.const }, input);
  if (Array.isArray(input.enum)) return withDescription({ enum: input.enum }, input);

  const type = input.type;
  if (Array.isArray(type)) {
    // `["string","null"]` would leave the string unbounded: split into one alternative per type.
    const oneOf = type.map((t) => rewrite({ ...input, type: t, description: undefined }, limits));
    return withDescription(oneOf.length === 1 ? oneOf[0]! : { oneOf }, input);
  }
  switch (type) {
    case "string":
      return rewriteString(input, limits);
    case "integer":
      return rewriteInteger(input, limits);
    case "number":
    case "boolean":
    case "null":
      return withDescription({ type }, input);
    case "array":
      return rewriteArray(input, limits);
    case "object":
      return rewriteObject(input, limits);
    default:
      if (isObject(input.properties)) return rewriteObject({ ...input, type: "object" }, limits);
      // `{}` (any JSON value): nothing to bound, keep only what the converter knows.
      return pick(input);
  }
}

function rewriteString(input: JsonSchema, limits: Limits): JsonSchema {
  if (typeof input.format === "string" && GRAMMAR_FORMATS.has(input.format)) {
    return withDescription({ type: "string", format: input.format }, input);
  }
  const out: JsonSchema = { type: "string" };
  const min = typeof input.minLength === "number" ? input.minLength : undefined;
  if (min !== undefined) out.minLength = min;
  const max = typeof input.maxLength === "number" ? input.maxLength : Math.max(limits.maxStringLength, min ?? 0);
  if (max < GRAMMAR_MAX_REPETITION) out.maxLength = max;
  return withDescription(out, input);
}

function rewriteInteger(input: JsonSchema, limits: Limits): JsonSchema {
  const min = bound(input.minimum, input.exclusiveMinimum, 1);
  const max = bound(input.maximum, input.exclusiveMaximum, -1);
  if (min !== undefined && max !== undefined && max >= min && max - min + 1 <= limits.maxIntegerEnum) {
    const values: number[] = [];
    for (let v = min; v <= max; v++) values.push(v);
    return withDescription({ enum: values }, input);
  }
  // The grammar cannot enforce the range (and allows exponents): callers re-validate with zod.
  return withDescription({ type: "integer" }, input);
}

/** Integer bound from an inclusive or exclusive keyword; `step` moves an exclusive one inward. */
function bound(inclusive: unknown, exclusive: unknown, step: number): number | undefined {
  if (typeof inclusive === "number" && Number.isFinite(inclusive)) return step > 0 ? Math.ceil(inclusive) : Math.floor(inclusive);
  if (typeof exclusive === "number" && Number.isFinite(exclusive)) {
    return step > 0 ? Math.floor(exclusive) + 1 : Math.ceil(exclusive) - 1;
  }
  return undefined;
}

function rewriteArray(input: JsonSchema, limits: Limits): JsonSchema {
  const out: JsonSchema = { type: "array" };
  if (isObject(input.items)) out.items = rewrite(input.items, limits);
  if (Array.isArray(input.prefixItems)) out.prefixItems = input.prefixItems.map((item) => rewrite(asSchema(item), limits));
  const min = typeof input.minItems === "number" ? input.minItems : undefined;
  if (min !== undefined) out.minItems = min;
  const max = typeof input.maxItems === "number" ? input.maxItems : Math.max(limits.maxItems, min ?? 0);
  if (max < GRAMMAR_MAX_REPETITION) out.maxItems = max;
  return withDescription(out, input);
}

function rewriteObject(input: JsonSchema, limits: Limits): JsonSchema {
  const out: JsonSchema = { type: "object" };
  const properties = isObject(input.properties) ? input.properties : undefined;
  if (properties) {
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, rewrite(asSchema(value), limits)]),
    );
    const required = Array.isArray(input.required) ? input.required.filter((key) => typeof key === "string" && key in properties) : [];
    out.required = required;
  }
  if (isObject(input.additionalProperties) && !properties) {
    // A record: keep its value schema, but bound how many entries the model may produce.
    out.additionalProperties = rewrite(input.additionalProperties, limits);
    if (typeof input.minProperties === "number") out.minProperties = input.minProperties;
    const max = typeof input.maxProperties === "number" ? input.maxProperties : limits.maxItems;
    if (max < GRAMMAR_MAX_REPETITION) out.maxProperties = max;
  } else {
    out.additionalProperties = false;
  }
  return withDescription(out, input);
}

/** zod emits `allOf` for intersections; objects merge, anything else keeps its first part. */
function mergeAllOf(input: JsonSchema): JsonSchema {
  const parts = (input.allOf as unknown[]).map(asSchema);
  const { allOf: _ignored, ...rest } = input;
  if (parts.length > 0 && parts.every((part) => part.type === "object" || isObject(part.properties))) {
    const properties: Record<string, unknown> = {};
    const required = new Set<string>();
    for (const part of parts) {
      Object.assign(properties, isObject(part.properties) ? part.properties : {});
      if (Array.isArray(part.required)) for (const key of part.required) if (typeof key === "string") required.add(key);
    }
    return { ...rest, type: "object", properties, required: [...required] };
  }
  return { ...rest, ...(parts[0] ?? {}) };
}

function withDescription(out: JsonSchema, input: JsonSchema): JsonSchema {
  if (typeof input.description === "string" && input.description !== "") out.description = input.description;
  return out;
}

function pick(input: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(input).filter(([key]) => KEPT.has(key) && key !== "$defs"));
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asSchema(value: unknown): JsonSchema {
  // JSON schema allows `true`/`false` as schemas; `true` = anything, `false` = nothing valid.
  if (value === true || value === undefined) return {};
  if (value === false) return { not: {} };
  return isObject(value) ? value : {};
}
