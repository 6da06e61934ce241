import { describe, expect, it } from "vitest";
import type { ArticleResume, PausePoint, Review } from "../../../../shared/workflows/article.js";
import {
  routeAfterDraftPause,
  routeAfterEditor,
  routeAfterMaterialPause,
  routeAfterOutlinePause,
  routeAfterReviewPause,
  routeDraftAction,
} from "./routing.js";

const at = (pause: PausePoint, payload: ArticleResume) => ({ resume: { pause, payload } });
const review = (verdict: "pass" | "reject") => ({ verdict }) as Review;

describe("article routing", () => {
  it("PAUSE-1: re_search loops through research_more, confirm goes to the outline", () => {
    expect(routeAfterMaterialPause(at("material_confirm", { action: "re_search", extra_keywords: ["x"] }))).toBe("research_more");
    expect(routeAfterMaterialPause(at("material_confirm", { action: "confirm" }))).toBe("writer_outline");
  });

  it("PAUSE-2: re_outline re-plans, confirm drafts", () => {
    expect(routeAfterOutlinePause(at("outline_confirm", { action: "re_outline", outline_feedback: "f" }))).toBe("writer_outline");
    expect(routeAfterOutlinePause(at("outline_confirm", { action: "confirm" }))).toBe("writer_draft");
  });

  it("PAUSE-3: each action, and an edited draft stored first", () => {
    expect(routeAfterDraftPause(at("draft_confirm", { action: "finalize" }))).toBe("finalize");
    expect(routeAfterDraftPause(at("draft_confirm", { action: "user_revise", user_revision_notes: "n" }))).toBe("writer_draft");
    expect(routeAfterDraftPause(at("draft_confirm", { action: "to_editor" }))).toBe("editor");
    expect(routeAfterDraftPause(at("draft_confirm", { action: "to_editor", edited_draft: "# x" }))).toBe("apply_manual_edit");
    expect(routeAfterDraftPause(at("draft_confirm", { action: "finalize", edited_draft: "" }))).toBe("apply_manual_edit");
    expect(routeDraftAction(at("draft_confirm", { action: "finalize", edited_draft: "# x" }))).toBe("finalize");
    expect(routeDraftAction(at("draft_confirm", { action: "to_editor", edited_draft: "# x" }))).toBe("editor");
  });

  it("after the editor: pass → PAUSE-3, reject below the cap → PAUSE-4, reject at the cap → PAUSE-3", () => {
    expect(routeAfterEditor({ resume: null, review: review("pass"), revision_count: 0, max_revisions: 3 })).toBe("pause_draft");
    expect(routeAfterEditor({ resume: null, review: review("reject"), revision_count: 2, max_revisions: 3 })).toBe("pause_review");
    expect(routeAfterEditor({ resume: null, review: review("reject"), revision_count: 3, max_revisions: 3 })).toBe("pause_draft");
    expect(routeAfterEditor({ resume: null, review: review("reject"), revision_count: 0, max_revisions: 0 })).toBe("pause_draft");
  });

  it("PAUSE-4: force_finalize ends, the two revisions go to the writer", () => {
    expect(routeAfterReviewPause(at("review_confirm", { action: "force_finalize" }))).toBe("finalize");
    expect(routeAfterReviewPause(at("review_confirm", { action: "accept_review" }))).toBe("writer_draft");
    expect(routeAfterReviewPause(at("review_confirm", { action: "custom_revise", user_revision_notes: "n" }))).toBe("writer_draft");
  });

  it("PAUSE-4 and PAUSE-3 extras: a hand edit at PAUSE-4 is stored first, regenerate_section and add_material route to their nodes", () => {
    expect(routeAfterReviewPause(at("review_confirm", { action: "accept_review", edited_draft: "# x" }))).toBe("apply_manual_edit");
    expect(routeDraftAction(at("review_confirm", { action: "accept_review", edited_draft: "# x" }))).toBe("writer_draft");
    expect(routeDraftAction(at("review_confirm", { action: "force_finalize", edited_draft: "# x" }))).toBe("finalize");
    expect(routeAfterDraftPause(at("draft_confirm", { action: "regenerate_section", section_index: 1 }))).toBe("writer_draft");
    expect(routeAfterMaterialPause(at("material_confirm", { action: "add_material", material: { title: "t", content: "c" } }))).toBe("add_material");
  });

  it("a router reading the wrong pause's payload is a bug, reported as internal", () => {
    expect(() => routeAfterReviewPause(at("draft_confirm", { action: "finalize" }))).toThrow(/expected a resume from review_confirm/);
    expect(() => routeAfterMaterialPause({ resume: null })).toThrow(/found none/);
  });
});
