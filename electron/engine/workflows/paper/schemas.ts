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

/**
 * Deep-read stage outputs, bounded so the longest valid answer fits the stage's token budget
 * (DEEP_READ_TOKENS in nodes/deepRead.ts): ~2 000 characters of JSON at most.
 */
export const DeepExtractionSchema = z.object({
  problem: z.string().max(240).describe("The problem the paper addresses, one or two sentences"),
  method: z.string().max(240).describe("The paper's method, one or two sentences"),
  datasets: z.array(z.string().max(60)).max(6).describe("Datasets named in the passages"),
  key_results: z.array(z.object({ result: z.string().max(160).describe("A result as the passages state it"), page })).max(6),
});

export const AnalysisSchema = z.object({
  strengths: z.array(z.object({ point: z.string().max(160).describe("A strength of the paper"), page })).max(4),
  weaknesses: z.array(z.object({ point: z.string().max(160).describe("A weakness or limit of the paper"), page })).max(4),
  novelty: z.string().max(240).describe("One sentence on what is new"),
});

export const FollowUpSchema = z.object({
  questions: z.array(z.string().min(2).max(80)).length(3),
});
