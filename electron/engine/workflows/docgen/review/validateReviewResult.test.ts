import { describe, expect, it } from "vitest";
import { reviewResultSchema } from "../schemas.js";
import { guardFindings } from "./guardFindings.js";
import { validateReviewResult } from "./validateReviewResult.js";

describe("validateReviewResult", () => {
  const draft = ["# 标题", "", "这个功能贼好用。", "第二句。"].join("\n");

  it("keeps real rule ids on real lines, refuses the rest; the guard snaps a line to its excerpt and de-duplicates", () => {
    const checked = validateReviewResult(
      {
        violations: [
          { rule_id: "6.6", line: 3, excerpt: "贼好用", comment: "口语" },
          { rule_id: "9.9", line: 3, excerpt: "", comment: "x" },
          { rule_id: "6.6", line: 0, excerpt: "", comment: "x" },
          { rule_id: "6.6", line: 99, excerpt: "", comment: "x" },
          { rule_id: "6.3", line: 1, excerpt: "贼好用", comment: "snap" },
          { rule_id: "6.6", line: 4, excerpt: "贼好用", comment: "dup after snap" },
        ],
      },
      ["6.3", "6.6"],
      draft,
    );
    const out = guardFindings(checked.violations, draft, { schema: [], example: [] });
    expect(out.kept.map((v) => `${v.rule_id}@${v.line}`)).toEqual(["6.6@3", "6.3@3"]);
    expect(out.ignored).toEqual({ quote: 0, echo: 0 });
    expect(checked.rejected.map((r) => r.why)).toEqual(["unknown rule id 9.9", "line 0 outside 1–4", "line 99 outside 1–4"]);
  });

  it("the schema's rule_id is an enum of the module's ids", () => {
    const schema = reviewResultSchema(["6.3", "6.6"]);
    expect(schema.safeParse({ violations: [{ rule_id: "6.3", line: 1, excerpt: "", comment: "" }] }).success).toBe(true);
    expect(schema.safeParse({ violations: [{ rule_id: "2.1", line: 1, excerpt: "", comment: "" }] }).success).toBe(false);
  });

  it("the schema is built once per rule set and draft length, and a longer draft gets its own line enum", () => {
    const four = reviewResultSchema(["6.3", "6.6"], 4);
    expect(reviewResultSchema(["6.3", "6.6"], 4)).toBe(four);
    const five = reviewResultSchema(["6.3", "6.6"], 5);
    expect(five).not.toBe(four);
    const atFive = { violations: [{ rule_id: "6.3", line: 5, excerpt: "", comment: "" }] };
    expect(four.safeParse(atFive).success).toBe(false);
    expect(five.safeParse(atFive).success).toBe(true);
    expect(reviewResultSchema(["6.3"], 4).safeParse({ violations: [{ rule_id: "6.6", line: 1, excerpt: "", comment: "" }] }).success).toBe(false);
  });
});
