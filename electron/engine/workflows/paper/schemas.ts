import { z } from "zod";
import { PAPER_INTENTS } from "../../../../shared/workflows/paper.js";

/** Router output; the reason is at most 10 characters (the brief: ≤ 10 字). */
export const RouterSchema = z.object({
  intent: z.enum(PAPER_INTENTS).describe("Which agent answers the question"),
  reason: z.string().max(10).describe("Why, in at most 10 characters"),
});

const page = z.number().int().min(1).max(5000).describe("The page the point is based on");

export const CritiqueSchema = z.object({
  points: z
    .array(
      z.object({
        aspect: z.enum(["methodology", "validity", "baselines", "data", "reproducibility", "other"]),
        point: z.string().min(1).max(300),
        page,
      }),
    )
    .min(1)
    .max(6),
});

export const ExtractionSchema = z.object({
  datasets: z.array(z.string().max(80)).max(10),
  methods: z.array(z.string().max(80)).max(10),
  metrics: z.array(z.string().max(80)).max(10),
  results: z
    .array(z.object({ method: z.string().max(80), dataset: z.string().max(80), metric: z.string().max(60), value: z.string().max(30), page }))
    .max(20),
});

export const DeepExtractionSchema = z.object({
  problem: z.string().max(400),
  method: z.string().max(400),
  datasets: z.array(z.string().max(80)).max(8),
  key_results: z.array(z.object({ result: z.string().max(200), page })).max(8),
});

export const AnalysisSchema = z.object({
  strengths: z.array(z.object({ point: z.string().max(200), page })).max(5),
  weaknesses: z.array(z.object({ point: z.string().max(200), page })).max(5),
  novelty: z.string().max(300),
});

export const FollowUpSchema = z.object({
  questions: z.array(z.string().min(2).max(80)).length(3),
});
