import { z } from "zod";

/** What a structured prompt showed the model besides the task: its few-shot example and its schema. */
export interface EchoSource {
  /** The prompt's example value (every string in it is a canary). */
  example?: unknown;
  /** The output schema (every `.describe()` text in it is a canary). */
  schema?: z.ZodType;
}

/** A canary this long or longer also counts when it is only part of the model's string (a quoted description). */
const MIN_CONTAINED = 12;

/** Lowercase, width- and space-folded, punctuation removed: how an echo is compared. */
export function echoKey(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, " ").trim();
}

/** Every string in a JSON-like value. */
export function stringLeaves(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringLeaves);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringLeaves);
  return [];
}

/** Each schema's descriptions, computed once: a schema is immutable and its JSON Schema costs milliseconds per call. */
const descriptionsOf = new WeakMap<z.ZodType, readonly string[]>();

/** Every `.describe()` text of a zod schema (read from its JSON Schema, where each is a `description`). */
export function schemaDescriptions(schema: z.ZodType): string[] {
  let found = descriptionsOf.get(schema);
  if (!found) {
    found = describedTexts(schema);
    descriptionsOf.set(schema, found);
  }
  return [...found];
}

function describedTexts(schema: z.ZodType): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "description" && typeof value === "string") found.push(value);
        else walk(value);
      }
    }
  };
  walk(z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }));
  return found;
}

/** The compared forms of every example string and schema description (too short ones are left out). */
export function echoCanaries(source: EchoSource): string[] {
  const texts = [...stringLeaves(source.example), ...(source.schema ? schemaDescriptions(source.schema) : [])];
  return [...new Set(texts.map(echoKey).filter((key) => key.length >= 2))];
}

/**
 * True when `text` repeats what the prompt only showed as an example or a field description: the
 * same string, or (for long ones) a string holding one or held in one. A weak model answers a
 * few-shot prompt with the example (the researcher searched 本地大模型 部署成本) or fills a field
 * with its own description ("The 4-digit line number where the problem is…"). A string that is in
 * `grounding` — the text the model was given to work on (intent, paper, draft) — is never an echo:
 * an article about 本地大模型 may search for it.
 */
export function isEcho(text: string, canaries: readonly string[], grounding = ""): boolean {
  return echoAgainst(text, canaries, echoKey(grounding));
}

function echoAgainst(text: string, canaries: readonly string[], groundingKey: string): boolean {
  const key = echoKey(text);
  if (key.length < 2) return false;
  if (groundingKey.includes(key)) return false;
  return canaries.some((c) => c === key || (c.length >= MIN_CONTAINED && key.includes(c)) || (key.length >= MIN_CONTAINED && c.includes(key)));
}

/** `items` split into those kept and the echoes dropped (an item is an echo when any of its texts is). */
export function withoutEchoes<T>(items: readonly T[], textsOf: (item: T) => readonly string[], canaries: readonly string[], grounding = ""): { kept: T[]; dropped: T[] } {
  const kept: T[] = [];
  const dropped: T[] = [];
  const groundingKey = echoKey(grounding);
  for (const item of items) (textsOf(item).some((t) => echoAgainst(t, canaries, groundingKey)) ? dropped : kept).push(item);
  return { kept, dropped };
}
