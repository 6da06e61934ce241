import { describe, expect, it } from "vitest";
import { DocgenStartInputSchema } from "../../../shared/workflows/docgen.js";
import { EMPTY_DOCGEN_FORM, formProblem } from "./DocgenForm.js";
import { docgenStartInput } from "./docgenStartInput.js";

const form = (over: Partial<typeof EMPTY_DOCGEN_FORM>) => ({ ...EMPTY_DOCGEN_FORM, ...over });

describe("docgenStartInput", () => {
  it("a review of a chosen file sends its path, not the (empty) text, and the contract accepts it", () => {
    const input = docgenStartInput(form({ mode: "review", topic: " 手册 ", reviewFile: "/data/uploads/u/doc.md", text: "" }));
    expect(input).toEqual({ input_mode: "text", topic: "手册", review_only: true, source_path: "/data/uploads/u/doc.md" });
    expect(DocgenStartInputSchema.safeParse(input).success).toBe(true);
  });

  it("a review of pasted markdown sends it as context", () => {
    const input = docgenStartInput(form({ mode: "review", topic: "审", text: "# 文\n" }));
    expect(input).toMatchObject({ review_only: true, context: "# 文\n" });
    expect(input).not.toHaveProperty("source_path");
    expect(DocgenStartInputSchema.safeParse(input).success).toBe(true);
  });

  it("sends the chosen language only, and a guide file over a library guide", () => {
    expect(docgenStartInput(form({ mode: "code", topic: "t", source: "/p" }))).not.toHaveProperty("locale");
    const input = docgenStartInput(form({ mode: "text", topic: "t", text: "x", locale: "en", guide: "team", rules: " /g.md " }));
    expect(input).toMatchObject({ locale: "en", rules_file: "/g.md", confirm_outline: true });
    expect(input).not.toHaveProperty("guide");
    expect(DocgenStartInputSchema.safeParse(input).success).toBe(true);
  });

  it("sends the ticked library scope for a generating run, never for a review, and the contract accepts it", () => {
    const scope = { papers: ["p0123456789ab"], folders: ["/notes"] };
    const input = docgenStartInput(form({ mode: "text", topic: "t", text: "x", scope }));
    expect(input).toMatchObject({ scope });
    expect(DocgenStartInputSchema.safeParse(input).success).toBe(true);
    expect(docgenStartInput(form({ mode: "text", topic: "t", text: "x" }))).not.toHaveProperty("scope");
    expect(docgenStartInput(form({ mode: "review", topic: "t", text: "# x\n", scope }))).not.toHaveProperty("scope");
  });

  it("the form names what is missing: a review needs text or a file", () => {
    expect(formProblem(form({ mode: "review", topic: "t" }))).toBe("docgen.needReview");
    expect(formProblem(form({ mode: "review", topic: "t", reviewFile: "/a.md" }))).toBeNull();
    expect(formProblem(form({ mode: "code", topic: "" }))).toBe("docgen.needTopic");
    expect(formProblem(form({ mode: "notes", topic: "t" }))).toBe("docgen.needSource");
  });
});
