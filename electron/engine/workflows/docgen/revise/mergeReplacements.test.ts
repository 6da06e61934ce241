import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lintMarkdown } from "../../../../../shared/rules/lintMarkdown.js";
import { groupByRule, lintIndexOf } from "../review/ModuleFindings.js";
import { hasLineNumber, numberLines, stripLineNumbers } from "./lineNumbers.js";
import { mergeReplacements, type Candidate } from "./mergeReplacements.js";
import { newMechanicalViolations } from "./newMechanicalViolations.js";

const lineArb = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("", "  indented", "中文 行", "0042: looks numbered"));
const draftArb = fc.array(lineArb, { minLength: 1, maxLength: 30 });

/** Replacements anchored on real lines (old_text echoes them, sometimes with numbering or extra spaces), plus a few wrong ones. */
const scenarioArb = draftArb.chain((lines) => {
  const n = lines.length;
  const repl = fc
    .record({
      start: fc.integer({ min: 1, max: n }),
      len: fc.integer({ min: 0, max: 3 }),
      newLines: fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.string({ maxLength: 8 }).map((s) => `0007: ${s}`), fc.string({ maxLength: 8 }).map((s) => `0001: 0002: ${s}`)), { minLength: 0, maxLength: 3 }),
      oldStyle: fc.constantFrom("exact", "numbered", "spaced", "wrong"),
      reason: fc.string({ maxLength: 5 }),
    })
    .map(({ start, len, newLines, oldStyle, reason }): Candidate => {
      const end = Math.min(n, start + len);
      const old = lines.slice(start - 1, end).join("\n");
      const old_text =
        oldStyle === "numbered" ? numberLines(lines.join("\n"), start, end) : oldStyle === "spaced" ? `  ${old.replace(/ /g, "   ")} ` : oldStyle === "wrong" ? `${old}\u0000x` : old;
      return { start_line: start, end_line: end, old_text, new_content: newLines.join("\n"), reason, group: "2.1", violationLines: [start] };
    });
  return fc.tuple(fc.constant(lines), fc.array(repl, { maxLength: 8 }));
});

describe("mergeReplacements properties", () => {
  it("equals applying the kept replacements in order; overlaps dropped; untouched lines byte-identical; no dddd: prefix added", () => {
    fc.assert(
      fc.property(scenarioArb, ([lines, candidates]) => {
        const draft = lines.join("\n");
        const { text, records } = mergeReplacements(draft, candidates, { margin: 3 });
        expect(records).toHaveLength(candidates.length);
        const kept = records.filter((r) => r.status === "kept").sort((a, b) => a.start_line - b.start_line);
        // Kept ranges are disjoint.
        for (let i = 1; i < kept.length; i++) expect(kept[i]!.start_line).toBeGreaterThan(kept[i - 1]!.end_line);
        // Every conflict overlaps a kept replacement.
        for (const r of records.filter((x) => x.dropped?.reason === "conflict")) {
          expect(kept.some((k) => r.start_line <= k.end_line && k.start_line <= r.end_line)).toBe(true);
        }
        // Reference: apply the kept ones top to bottom, tracking the shift.
        const ref = [...lines];
        let shift = 0;
        const untouched: number[] = [];
        let cursor = 1;
        for (const k of kept) {
          for (; cursor < k.start_line; cursor++) untouched.push(cursor);
          cursor = k.end_line + 1;
          const newLines = k.new.split("\n");
          ref.splice(k.start_line - 1 + shift, k.end_line - k.start_line + 1, ...newLines);
          shift += newLines.length - (k.end_line - k.start_line + 1);
        }
        for (; cursor <= lines.length; cursor++) untouched.push(cursor);
        expect(text).toBe(ref.join("\n"));
        // Lines outside kept replacements are byte-identical (located through the shift before them).
        const out = text.split("\n");
        for (const l of untouched) {
          const before = kept.filter((k) => k.end_line < l).reduce((s, k) => s + k.new.split("\n").length - (k.end_line - k.start_line + 1), 0);
          expect(out[l - 1 + before]).toBe(lines[l - 1]);
        }
        // Replaced text never carries a dddd: prefix.
        for (const k of kept) for (const nl of k.new.split("\n")) expect(hasLineNumber(nl)).toBe(false);
        // A wrong old_text is never applied.
        for (const [i, c] of candidates.entries()) if (c.old_text.includes("\u0000")) expect(records[i]!.status).toBe("dropped");
      }),
      { numRuns: 400 },
    );
  });
});

describe("mergeReplacements rules", () => {
  const draft = ["# 标题", "", "第一段", "第二段", "第三段", "第四段"].join("\n");
  const c = (over: Partial<Candidate>): Candidate => ({ start_line: 3, end_line: 3, old_text: "第一段", new_content: "第一段。", reason: "r", group: "6.1", violationLines: [3], ...over });

  it("drops out-of-range, stray, mismatched and no-op replacements with a reason", () => {
    const { text, records } = mergeReplacements(draft, [
      c({ start_line: 0 }),
      c({ start_line: 6, end_line: 7, old_text: "第四段" }),
      c({ start_line: 6, end_line: 6, old_text: "第四段", violationLines: [3] }),
      c({ old_text: "别的内容" }),
      c({ new_content: "第一段" }),
      c({ start_line: 4, end_line: 4, old_text: "0004:   第二段 ", new_content: "0004: 第二段！", violationLines: [4] }),
    ], { margin: 2 });
    expect(records.map((r) => r.dropped?.reason ?? r.status)).toEqual(["out_of_range", "out_of_range", "outside_group", "old_text_mismatch", "no_change", "kept"]);
    expect(text.split("\n")[3]).toBe("第二段！");
  });

  it("keeps the lower of two overlapping replacements and logs the other as a conflict", () => {
    const { text, records } = mergeReplacements(draft, [
      c({ start_line: 3, end_line: 4, old_text: "第一段\n第二段", new_content: "合并段", violationLines: [3, 4] }),
      c({ start_line: 4, end_line: 5, old_text: "第二段\n第三段", new_content: "另一种合并", violationLines: [4, 5] }),
    ]);
    expect(records.map((r) => r.dropped?.reason ?? r.status)).toEqual(["conflict", "kept"]);
    expect(text).toBe(["# 标题", "", "第一段", "另一种合并", "第四段"].join("\n"));
  });

  it("refuses a replacement that introduces a new mechanical violation", () => {
    const { records } = mergeReplacements(draft, [c({ new_content: "第一段用了English单词" })], { newViolations: newMechanicalViolations(lintIndexOf(draft, lintMarkdown(draft).violations)) });
    expect(records[0]!.dropped?.reason).toBe("new_violations");
    expect(records[0]!.dropped?.detail).toContain("2.1@");
  });
});

describe("line numbering and grouping", () => {
  it("numbers with 4 digits and strips the prefix back", () => {
    expect(numberLines("a\nb")).toBe("0001: a\n0002: b");
    expect(stripLineNumbers("0001: a\n0002: b\n12: c")).toBe("a\nb\n12: c");
  });

  it("groups typed findings by their rule id, in first-seen order", () => {
    const g = groupByRule([
      { rule_id: "2.1", line: 3 },
      { rule_id: "6.1", line: 4 },
      { rule_id: "2.1", line: 5 },
    ]);
    expect([...g.entries()]).toEqual([
      ["2.1", [{ rule_id: "2.1", line: 3 }, { rule_id: "2.1", line: 5 }]],
      ["6.1", [{ rule_id: "6.1", line: 4 }]],
    ]);
  });
});
