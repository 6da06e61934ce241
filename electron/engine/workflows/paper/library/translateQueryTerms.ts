import { z } from "zod";
import type { LlmClient } from "../../../llm/LlmClient.js";

export const TermTranslationSchema = z.object({
  terms: z
    .array(
      z.object({
        term: z.string().min(1).max(40).describe("A key term of the question, as written"),
        translation: z.string().min(1).max(80).describe("Its English technical equivalent"),
      }),
    )
    .max(6),
});

const SYSTEM =
  "You are a terminology translator for scientific papers. Your only task: list the key technical terms of a Chinese question and give each one's standard English term. Output JSON only.";

const CJK = /[\u3400-\u9fff]/;

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/**
 * English words for the word index of an English paper, from a question that may be Chinese:
 * Latin tokens of the question as they are, glossary terms found in the question by their stored
 * translation, and — for a question with Chinese text — one grammar-constrained call for the key
 * terms. New translations are returned so the caller keeps them in the paper's glossary (the
 * first translation of a term wins, so answers stay consistent).
 */
export async function translateQueryTerms(
  llm: LlmClient | undefined,
  question: string,
  glossary: Map<string, string>,
  signal?: AbortSignal,
): Promise<{ words: string; added: Array<{ term: string; translation: string }> }> {
  const latin = question.match(/[A-Za-z][A-Za-z0-9.\-]*/g) ?? [];
  const known = [...glossary].filter(([term]) => question.includes(term)).map(([, translation]) => translation);
  if (!hasCjk(question) || !llm) return { words: [...latin, ...known].join(" "), added: [] };
  const added: Array<{ term: string; translation: string }> = [];
  try {
    const glossaryHint = [...glossary].slice(0, 20).map(([term, translation]) => `${term} = ${translation}`).join("; ");
    const { value } = await llm.generateStructured({
      system: SYSTEM,
      prompt:
        `${glossaryHint ? `Use these translations when a term appears: ${glossaryHint}\n` : ""}Question: ${question.slice(0, 400)}\n` +
        `Example: question "模型在测试集上的准确率是多少" → {"terms":[{"term":"准确率","translation":"accuracy"},{"term":"测试集","translation":"test set"}]}`,
      schema: TermTranslationSchema,
      tag: { role: "paper", step: "translate_terms" },
      temperature: 0,
      maxTokens: 200,
      maxAttempts: 2,
      ...(signal ? { signal } : {}),
    });
    for (const { term, translation } of value.terms) {
      // Only a term that is really in the question, with a Latin translation, enters the glossary.
      if (!question.includes(term) || !/[A-Za-z]/.test(translation)) continue;
      const stored = glossary.get(term);
      if (stored) known.push(stored);
      else {
        added.push({ term, translation });
        known.push(translation);
      }
    }
  } catch {
    // No translation: the vector and bigram lists still carry the query.
  }
  return { words: [...new Set([...latin, ...known])].join(" "), added };
}
