/**
 * Held-out page recall@5 of the paper reader's retrieval, per question type, with the tests' random
 * tiny embedder (the weakest embedder the app can meet). The papers stay OUTSIDE this repository
 * (licences); the held-out set (bench/eval/sets/heldout-retrieval/) must not be tuned on. A JSONL
 * file with one question a line,
 * `{"pdf": "paper.pdf", "type": "exact|paraphrase|zh", "question": "...", "pages": [3, 4]}`
 * (a hit on any listed page counts; a relative `pdf` is looked up in `--docs`). Not part of CI.
 *
 *   npx tsx bench/eval/heldoutRetrieval.ts <questions.jsonl> --docs <pdf folder> [--model gemma|<path.gguf>]
 *
 * With `--model`, the real model is the paper reader's LLM (query translation and rewrites); without
 * it, the code-only path is measured.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { EmbeddingService } from "../../electron/engine/knowledge/EmbeddingService.js";
import { LlamaCppProvider } from "../../electron/engine/llm/LlamaCppProvider.js";
import { LlmService } from "../../electron/engine/llm/LlmService.js";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { PaperLibrary } from "../../electron/engine/workflows/paper/library/PaperLibrary.js";
import { PAPER_TABLES } from "../../electron/engine/workflows/paper/library/paperMigrations.js";
import { createTinyGguf } from "../../tests/fixtures/tinyGguf.js";
import { findRealModel } from "./realModel.js";

interface HeldOutQuestion {
  pdf: string;
  type: string;
  question: string;
  pages: number[];
}

function readQuestions(file: string, docsDir: string | undefined): HeldOutQuestion[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line, i) => {
      const q = JSON.parse(line) as HeldOutQuestion;
      if (!q.pdf || !q.type || !q.question || !Array.isArray(q.pages)) throw new Error(`${file}: line ${i + 1} lacks pdf, type, question or pages`);
      if (path.isAbsolute(q.pdf)) return q;
      if (!docsDir) throw new Error(`${file}: line ${i + 1} names the relative pdf "${q.pdf}"; pass --docs <folder holding it>`);
      return { ...q, pdf: path.resolve(docsDir, q.pdf) };
    });
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error("usage: tsx bench/eval/heldoutRetrieval.ts <questions.jsonl> [--docs <pdf folder>] [--model gemma|<path.gguf>]");
  const modelArg = process.argv.indexOf("--model");
  const modelPath = modelArg > 0 ? findRealModel(process.env, process.argv[modelArg + 1] ?? "gemma") : null;
  if (modelArg > 0 && !modelPath) throw new Error("--model given but no such model file");
  const docsArg = process.argv.indexOf("--docs");
  const questions = readQuestions(file, docsArg > 0 ? process.argv[docsArg + 1] : undefined);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heldout-retrieval-"));
  const embedder = await EmbeddingService.load({ modelPath: await createTinyGguf(), contexts: 1, contextSize: 512 });
  const service = modelPath ? new LlmService() : undefined;
  if (service && modelPath) await service.load({ modelPath, threads: Number(process.env.SCRIPTORIUM_REAL_THREADS ?? 1), sequences: 1, contextSize: 2048 });
  const llm = service ? new LlamaCppProvider(service) : undefined;
  const appDb = AppDb.open(dir, { migrations: [PAPER_TABLES] });
  const library = new PaperLibrary({ dataDir: dir, db: appDb.db, embedder, llm: () => llm });
  const totals = new Map<string, { found: number; total: number }>();
  try {
    const docIds = new Map<string, string>();
    for (const pdf of new Set(questions.map((q) => q.pdf))) {
      const copy = path.join(dir, path.basename(pdf).replace(/\.PDF$/, ".pdf"));
      fs.copyFileSync(pdf, copy);
      docIds.set(pdf, (await library.importFile(copy)).doc_id);
    }
    for (const q of questions) {
      const { hits } = await library.retrieve(q.question, { docIds: [docIds.get(q.pdf)!], limit: 5 });
      const found = hits.some((hit) => q.pages.includes(hit.page));
      const entry = totals.get(q.type) ?? { found: 0, total: 0 };
      entry.total++;
      if (found) entry.found++;
      totals.set(q.type, entry);
      console.log(`${found ? "ok  " : "MISS"} [${q.type}] ${q.question}  → pages ${hits.map((hit) => hit.page).join(",")} (want ${q.pages.join("/")})`);
    }
  } finally {
    await library.close();
    appDb.close();
    await embedder.dispose();
    await service?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\npage recall@5 (${modelPath ? `LLM ${path.basename(modelPath)}` : "no LLM"}, random tiny embedder):`);
  for (const [type, { found, total }] of totals) console.log(`  ${type.padEnd(11)} ${(found / total).toFixed(2)}  (${found}/${total})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
