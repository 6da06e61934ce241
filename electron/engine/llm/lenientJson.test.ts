import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLenientJson } from "./lenientJson.js";

const jsonDoc = fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.jsonValue()));

describe("parseLenientJson", () => {
  it("is idempotent on valid JSON (any value, any spacing)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2), (value, space) => {
        const result = parseLenientJson(JSON.stringify(value, null, space));
        expect(result).toEqual({ ok: true, value: JSON.parse(JSON.stringify(value)) });
      }),
    );
  });

  it("finds an object or array inside fences and prose", () => {
    fc.assert(
      fc.property(
        jsonDoc,
        fc.string().filter((s) => !/[[\]{}"`]/.test(s)),
        fc.string().filter((s) => !/[[\]{}"`]/.test(s)),
        fc.boolean(),
        (value, before, after, fenced) => {
          const json = JSON.stringify(value, null, 1);
          const text = fenced ? `${before}\n\`\`\`json\n${json}\n\`\`\`\n${after}` : `${before} ${json} ${after}`;
          const result = parseLenientJson(text);
          expect(result).toEqual({ ok: true, value: JSON.parse(json) });
        },
      ),
    );
  });

  it("keeps a fenced value whose string holds ``` whole, and still reads a one-line fence", () => {
    const value = { "": {}, " ": ["```"] };
    expect(parseLenientJson(`\n\`\`\`json\n${JSON.stringify(value, null, 1)}\n\`\`\`\n`)).toEqual({ ok: true, value });
    expect(parseLenientJson('Here: ```json {"a": 1}``` done')).toEqual({ ok: true, value: { a: 1 } });
  });

  it("never throws, whatever the input", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = parseLenientJson(text);
        expect(typeof result.ok).toBe("boolean");
        if (!result.ok) expect(result.error.length).toBeGreaterThan(0);
      }),
    );
  });

  it("drops trailing commas and straightens smart quotes used as JSON quotes", () => {
    expect(parseLenientJson('Here: {"a": [1, 2,], "b": {"c": 3,},}')).toEqual({ ok: true, value: { a: [1, 2], b: { c: 3 } } });
    expect(parseLenientJson("{“title”: “Hello”}")).toEqual({ ok: true, value: { title: "Hello" } });
    // Smart quotes inside a valid string value are content, not syntax.
    expect(parseLenientJson('{"q": "他说“好”"}')).toEqual({ ok: true, value: { q: "他说“好”" } });
    expect(parseLenientJson('{"s": "a, ]"}')).toEqual({ ok: true, value: { s: "a, ]" } });
  });

  it("skips stray brackets in prose before the JSON", () => {
    expect(parseLenientJson('See [citation] and {oops}. Result: {"ok": true}')).toEqual({ ok: true, value: { ok: true } });
  });

  it("reports cut-off and missing JSON as errors", () => {
    const cut = parseLenientJson('{"a": [1, 2');
    expect(cut.ok).toBe(false);
    const none = parseLenientJson("no json here");
    expect(none).toMatchObject({ ok: false });
  });
});
