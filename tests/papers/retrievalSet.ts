import { pageQuestions } from "../../bench/paperBench.js";

/**
 * The team's labelled retrieval questions on the generated two-column paper (paperPdf.ts,
 * `buildPaperPdf(15)`), each with the page that answers it: the bench's exact-term questions (key
 * terms verbatim on the answer page) and paraphrases (the page says it in other words).
 */
export interface PageQuestion {
  question: string;
  page: number;
  kind: "exact" | "paraphrase";
}

export const PARAPHRASES: Array<{ question: string; page: number }> = [
  { question: "How deep is the encoder network?", page: 2 },
  { question: "Which optimisation algorithm trains the model?", page: 2 },
  { question: "How long does it take to train the model?", page: 2 },
  { question: "How is the work spread evenly over the experts?", page: 2 },
  { question: "How well does the model without sparse routing do on DocBench?", page: 3 },
  { question: "Does adding more experts keep improving the score?", page: 3 },
  { question: "What is plotted against the training steps?", page: 3 },
  { question: "Why is encoding long documents expensive?", page: 1 },
  { question: "How much cheaper than the dense model is SparseRoute?", page: 1 },
  { question: "Which kind of documents did the authors leave for future work?", page: 15 },
];

export function retrievalSet(pages = 15): PageQuestion[] {
  return [
    ...pageQuestions(pages).map((q) => ({ ...q, kind: "exact" as const })),
    ...PARAPHRASES.map((q) => ({ ...q, kind: "paraphrase" as const })),
  ];
}
