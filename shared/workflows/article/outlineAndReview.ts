import { z } from "zod";

// The article's outline and review, apart from its contract (article.ts re-exports them) so that the
// brief's wire (articleBrief.ts), which the contract imports, can read their types without a cycle.

export const OutlineSectionSchema = z.object({
  section_title: z.string().min(1).max(200),
  key_points: z.array(z.string().max(300)).max(12),
  material_ids: z.array(z.string().max(64)).max(20),
});
export const OutlineSchema = z.object({
  title: z.string().min(1).max(200),
  sections: z.array(OutlineSectionSchema).min(1).max(20),
});
export type Outline = z.infer<typeof OutlineSchema>;

export const ReviewIssueSchema = z.object({
  severity: z.enum(["major", "minor"]),
  location: z.string(),
  issue: z.string(),
  suggestion: z.string(),
});
export const REVIEW_ASPECTS = ["facts", "logic", "language"] as const;
export const AspectReviewSchema = z.object({
  score: z.number().min(0).max(100),
  issues: z.array(ReviewIssueSchema),
});
export const ReviewSchema = z.object({
  facts: AspectReviewSchema,
  logic: AspectReviewSchema,
  language: AspectReviewSchema,
  overall: z.number().min(0).max(100),
  threshold: z.number(),
  verdict: z.enum(["pass", "reject"]),
  /** Which revision round produced this review (0 = first draft). */
  round: z.number().int(),
});
export type Review = z.infer<typeof ReviewSchema>;
