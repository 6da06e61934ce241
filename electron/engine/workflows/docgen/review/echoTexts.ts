import type { z } from "zod";
import { schemaDescriptions } from "../../common/echoGuard.js";

/** The texts a weak model copies instead of reviewing: the schema's descriptions and the few-shot example's values. */
export interface EchoReferences {
  schema: string[];
  example: string[];
}

/**
 * Every `.describe()` of a schema the model answers (read from its JSON Schema, so a new field's
 * description is covered without a list), beside the values of the prompt's few-shot example.
 */
export function echoTexts(schema: z.ZodType, exampleValues: readonly string[]): EchoReferences {
  return { schema: schemaDescriptions(schema), example: [...exampleValues] };
}

/** Letters and digits only, lower-cased (NFKC: fullwidth forms read as their ASCII ones), so punctuation and spacing do not hide a copy. */
export function echoForm(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Shortest reference (in echoForm characters) that counts when only part of a text copies it. */
const PARTIAL_MIN = 8;

/** Whether `text` is one of the references, or copies a long enough one (or a long enough part of one). */
export function isEcho(text: string, references: readonly string[]): boolean {
  const t = echoForm(text);
  if (!t) return false;
  return references.some((reference) => {
    const r = echoForm(reference);
    if (!r) return false;
    if (t === r) return true;
    return (r.length >= PARTIAL_MIN && t.includes(r)) || (t.length >= PARTIAL_MIN && r.includes(t));
  });
}
