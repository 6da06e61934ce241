import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { jsonSchemaForGrammar, normalizeJsonSchema, type JsonSchema } from "./jsonSchemaForGrammar.js";

/** Random zod schemas built from the constructs workflow schemas use. */
const zodSchema: fc.Arbitrary<z.ZodType> = fc.letrec<{ node: z.ZodType }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(z.string()),
    fc.integer({ min: 1, max: 50 }).map((n) => z.string().max(n)),
    fc.constant(z.number()),
    fc.tuple(fc.integer({ min: -5, max: 5 }), fc.integer({ min: 0, max: 200 })).map(([lo, span]) => z.number().int().min(lo).max(lo + span)),
    fc.constant(z.number().int()),
    fc.constant(z.boolean()),
    fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 4 }).map((v) => z.enum(v as [string, ...string[]])),
    fc.constant(z.string().email()),
    tie("node").map((inner) => z.array(inner)),
    tie("node").map((inner) => inner.nullable()),
    fc.tuple(tie("node"), tie("node")).map(([a, b]) => z.union([a, b])),
    fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), tie("node"), { minKeys: 1, maxKeys: 4 }).map((shape) => z.object(shape)),
    tie("node").map((inner) => z.object({ opt: inner.optional(), req: z.string().describe("required field") })),
    tie("node").map((inner) => z.record(z.string(), inner)),
  ),
})).node;

function walk(schema: unknown, visit: (node: JsonSchema) => void): void {
  if (Array.isArray(schema)) return schema.forEach((item) => walk(item, visit));
  if (typeof schema !== "object" || schema === null) return;
  visit(schema as JsonSchema);
  for (const value of Object.values(schema)) walk(value, visit);
}

describe("jsonSchemaForGrammar", () => {
  it("never emits anyOf, and bounds every string and array", () => {
    fc.assert(
      fc.property(zodSchema, (schema) => {
        const out = jsonSchemaForGrammar(schema);
        walk(out, (node) => {
          expect(node).not.toHaveProperty("anyOf");
          expect(node).not.toHaveProperty("allOf");
          expect(node).not.toHaveProperty("pattern");
          expect(node).not.toHaveProperty("minimum");
          if (node.type === "string" && node.format === undefined) expect(typeof node.maxLength).toBe("number");
          if (node.type === "string" && node.format !== undefined) expect(["date", "time", "date-time"]).toContain(node.format);
          if (node.type === "array") expect(typeof node.maxItems).toBe("number");
          if (node.type === "object" && node.properties) expect(node.additionalProperties).toBe(false);
          if (node.type === "object" && typeof node.additionalProperties === "object") expect(typeof node.maxProperties).toBe("number");
        });
      }),
    );
  });

  it("leaves out bounds llama.cpp cannot hold (2 000 and more) and keeps smaller ones", () => {
    const schema = jsonSchemaForGrammar(z.object({ long: z.string().max(2000), short: z.string().max(1999), many: z.array(z.string().max(5)).max(5000) }));
    const properties = schema.properties as Record<string, JsonSchema>;
    expect(properties.long).toEqual({ type: "string" });
    expect(properties.short).toEqual({ type: "string", maxLength: 1999 });
    expect(properties.many).toEqual({ type: "array", items: { type: "string", maxLength: 5 } });
  });

  it("is a pure function: same input, same output, input untouched", () => {
    fc.assert(
      fc.property(zodSchema, (schema) => {
        const raw = z.toJSONSchema(schema) as JsonSchema;
        const copy = structuredClone(raw);
        expect(normalizeJsonSchema(raw)).toEqual(normalizeJsonSchema(raw));
        expect(raw).toEqual(copy);
      }),
    );
  });

  it("turns small integer ranges into enums and keeps large ones as integers", () => {
    const out = jsonSchemaForGrammar(z.object({ score: z.number().int().min(1).max(5), big: z.number().int().min(0).max(10_000) }));
    expect(out.properties).toEqual({ score: { enum: [1, 2, 3, 4, 5] }, big: { type: "integer" } });
  });

  it("rewrites nullable and unions to oneOf, keeps descriptions and honours custom limits", () => {
    const out = jsonSchemaForGrammar(
      z.object({ note: z.string().nullable().describe("optional note"), tags: z.array(z.string()) }),
      { maxStringLength: 50, maxItems: 4 },
    );
    expect(out).toEqual({
      type: "object",
      properties: {
        note: { oneOf: [{ type: "string", maxLength: 50 }, { type: "null" }], description: "optional note" },
        tags: { type: "array", items: { type: "string", maxLength: 50 }, maxItems: 4 },
      },
      required: ["note", "tags"],
      additionalProperties: false,
    });
  });

  it("keeps $defs and $ref for recursive schemas", () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const NodeSchema: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(NodeSchema) }));
    const out = jsonSchemaForGrammar(z.object({ root: NodeSchema }));
    const text = JSON.stringify(out);
    expect(text).toContain("$ref");
    expect(text).not.toContain("anyOf");
    walk(out, (node) => {
      if (typeof node.$ref === "string") expect(node.$ref).toMatch(/^#(\/\$defs\/.+)?$/);
    });
  });
});
