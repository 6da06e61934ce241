import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { citedIds, filterCitations } from "./filterCitations.js";

const id = fc.integer({ min: 1, max: 30 }).map((n) => `m${String(n).padStart(3, "0")}`);
const group = fc.array(id, { minLength: 1, maxLength: 3 }).map((ids) => `[${ids.join(", ")}]`);
const prose = fc.string({ maxLength: 20 });
const text = fc.array(fc.oneof(prose, group, fc.constantFrom(" ", "[", "]", "m0", "[m", ", ")), { maxLength: 20 }).map((parts) => parts.join(""));

describe("filterCitations", () => {
  it("examples: unknown ids removed, allowed ones kept, groups trimmed", () => {
    expect(filterCitations("A [m001] B [m999].", ["m001"])).toBe("A [m001] B.");
    expect(filterCitations("X [m001, m999，m002]", ["m001", "m002"])).toBe("X [m001, m002]");
    expect(filterCitations("Y [m009]、[link](u) [1]", [])).toBe("Y、[link](u) [1]");
    expect(filterCitations("[[m9]m8]", ["m1"])).toBe("");
  });

  it("property: no citation of a disallowed id survives", () => {
    fc.assert(
      fc.property(text, fc.array(id, { maxLength: 10 }), (input, allowed) => {
        const out = filterCitations(input, allowed);
        expect(citedIds(out).every((cited) => allowed.includes(cited))).toBe(true);
      }),
    );
  });

  it("property: allowed citations are all kept, and text without citations is unchanged", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(prose.filter((s) => !/[[\]]/.test(s)), group), { maxLength: 12 }), fc.array(id, { maxLength: 10 }), (parts, allowed) => {
        const input = parts.join(" ");
        const out = filterCitations(input, allowed);
        const kept = citedIds(input).filter((cited) => allowed.includes(cited));
        expect(new Set(citedIds(out))).toEqual(new Set(kept));
        if (!citedIds(input).length) expect(out).toBe(input);
      }),
    );
  });

  it("property: idempotent", () => {
    fc.assert(
      fc.property(text, fc.array(id, { maxLength: 10 }), (input, allowed) => {
        const once = filterCitations(input, allowed);
        expect(filterCitations(once, allowed)).toBe(once);
      }),
    );
  });
});
