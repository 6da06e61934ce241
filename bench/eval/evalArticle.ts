import fs from "node:fs";
import path from "node:path";
import type { Material } from "../../shared/knowledge.js";
import { lintMarkdown } from "../../shared/rules/lintMarkdown.js";
import type { EvalEngine } from "./evalEngine.js";
import { runSession } from "./evalEngine.js";
import { distinct4, groundedShare, hanRatio, keyPointCoverage, lengthUnits, tokens } from "./metrics/text.js";
import type { ArticleItem } from "./sets.js";
import { mean, pick, type EvalContext, type EvalSection } from "./types.js";

interface ArticleScores {
  outlineValid: number;
  citationValid: number;
  keyPoints: number;
  grounded: number;
  distinct4: number;
  han: number;
  lengthError: number;
  typographyPer1k: number;
}

const CITE = /\[(m\d{3,})\]/g;

/** Typography findings (rules 2.x of the guide) per 1 000 characters. */
export function typographyPer1k(text: string): number {
  const chars = [...text].length;
  return chars ? (lintMarkdown(text).violations.filter((v) => v.rule.startsWith("2.")).length * 1000) / chars : Number.NaN;
}

function scoreText(item: ArticleItem, text: string, materialIds: Set<string>, materials: string[]): Omit<ArticleScores, "outlineValid"> {
  const cited = [...text.matchAll(CITE)].map((m) => m[1]!);
  return {
    citationValid: cited.length ? cited.filter((id) => materialIds.has(id)).length / cited.length : Number.NaN,
    keyPoints: keyPointCoverage(text, item.key_points),
    grounded: groundedShare(text.replace(CITE, ""), materials),
    distinct4: distinct4(text),
    han: item.locale === "zh" ? hanRatio(text) : Number.NaN,
    lengthError: Math.abs(lengthUnits(text, item.locale) / item.word_count_target - 1),
    typographyPer1k: typographyPer1k(text),
  };
}

/** Outline valid: ≥ 2 sections, titles present and distinct, every material id one the run found. */
export function outlineValid(outline: unknown, materialIds: Set<string>): boolean {
  const o = outline as { sections?: Array<{ section_title?: string; material_ids?: string[] }> } | null;
  if (!o?.sections || o.sections.length < 2) return false;
  const titles = o.sections.map((s) => (s.section_title ?? "").trim());
  if (titles.some((t) => !t) || new Set(titles).size !== titles.length) return false;
  return o.sections.every((s) => (s.material_ids ?? []).every((id) => materialIds.has(id)));
}

/**
 * Article runs through every pause (materials approved, outline confirmed, the first draft
 * finalised, a review pause force-finalised), with the set's materials as the research results.
 * Baseline: one call "write an article about X" with the same materials and ids in the prompt.
 */
export async function evalArticle(ctx: EvalContext, ee: EvalEngine, set: ArticleItem[]): Promise<EvalSection> {
  const items = pick(ctx, set, 1, (i) => i.locale);
  const method: ArticleScores[] = [];
  const baseline: ArticleScores[] = [];
  const seconds: number[] = [];
  const notes: string[] = [];
  for (const item of items) {
    const materials: Material[] = item.materials.map((m, i) => ({
      id: `${item.id}-${i + 1}`,
      title: m.title,
      content: m.content,
      source: "eval set",
      published_at: null,
      relevance_score: 1 - i * 0.1,
      source_type: "library",
      url: null,
      recUuid: `${item.id}-${i + 1}`,
    }));
    ee.setMaterials(materials);
    const started = performance.now();
    const { sessionId } = await ee.engine.call("run.start", { workflow: "article", input: { intent: item.intent, word_count_target: item.word_count_target, locale: item.locale } });
    const { outcome } = await runSession(ee.engine, sessionId, {
      deadlineMs: (ctx.quick ? 300 : 900) * 1000,
      onPause: (event) => {
        const context = event.context as { materials?: Array<{ id: string }> };
        switch (event.pausePoint) {
          case "material_confirm":
            return { action: "confirm", approved_material_ids: (context.materials ?? []).map((m) => m.id) };
          case "outline_confirm":
            return { action: "confirm" };
          case "draft_confirm":
            return { action: "finalize" };
          default:
            return { action: "force_finalize" };
        }
      },
    });
    seconds.push((performance.now() - started) / 1000);
    const { values } = await ee.engine.call("run.state", { sessionId });
    const found = (values.materials as Array<{ id: string; content: string }> | undefined) ?? [];
    const ids = new Set(found.map((m) => m.id));
    const draft = typeof values.draft === "string" ? values.draft : "";
    method.push({ outlineValid: outlineValid(values.outline, ids) ? 1 : 0, ...scoreText(item, draft, ids, found.map((m) => m.content)) });
    notes.push(`article ${item.id}: ${outcome} in ${seconds.at(-1)!.toFixed(0)} s, ${lengthUnits(draft, item.locale)} ${item.locale === "zh" ? "Han chars" : "words"} for a target of ${item.word_count_target}`);

    // The baseline sees the same materials under the ids the run gave them (or the search's own ids).
    const baseMaterials = found.length ? found : materials;
    const reply = await ee.llm.generateText({
      prompt:
        item.locale === "zh"
          ? `${item.intent}，约 ${item.word_count_target} 字。可以引用以下素材，引用时在句末写素材编号，如 [${baseMaterials[0]!.id}]：\n${baseMaterials.map((m) => `[${m.id}] ${m.content}`).join("\n")}`
          : `${item.intent}, about ${item.word_count_target} words. You may use these materials; cite them with their id after the sentence, e.g. [${baseMaterials[0]!.id}]:\n${baseMaterials.map((m) => `[${m.id}] ${m.content}`).join("\n")}`,
      temperature: 0.7,
      // The target's length and no more (zh ~1 token a character, en ~1.4 a word): the same budget as the method's sections.
      maxTokens: Math.ceil(item.word_count_target * (item.locale === "zh" ? 1.2 : 1.6)),
      maxContinuations: 0,
    });
    const baseIds = new Set(baseMaterials.map((m) => m.id));
    baseline.push({ outlineValid: Number.NaN, ...scoreText(item, reply.text, baseIds, baseMaterials.map((m) => m.content)) });
    ctx.log(`article ${item.id}: ${outcome}, ${seconds.at(-1)!.toFixed(0)} s; draft ${JSON.stringify(draft.slice(0, 100))} | baseline ${JSON.stringify(reply.text.slice(0, 100))}`);
  }
  const research = await evalLibraryResearch(ctx, ee, set);
  notes.push(research.note);
  const avg = (rows: ArticleScores[], key: keyof ArticleScores) => mean(rows.map((r) => r[key]));
  const row = (metric: string, key: keyof ArticleScores, higherIsBetter: boolean) => ({ workflow: "article", metric, method: avg(method, key), baseline: avg(baseline, key), higherIsBetter });
  return {
    metrics: {
      "article.outline_valid_rate": avg(method, "outlineValid"),
      "article.citation_validity": avg(method, "citationValid"),
      "article.key_point_coverage": avg(method, "keyPoints"),
      "article.grounded_sentence_share": avg(method, "grounded"),
      "article.distinct_4gram_ratio": avg(method, "distinct4"),
      "article.han_ratio_zh": avg(method, "han"),
      "article.length_error": avg(method, "lengthError"),
      "article.typography_per_1k_chars": avg(method, "typographyPer1k"),
      "article.run_s": mean(seconds),
      ...research.metrics,
    },
    compare: [
      row("citation validity", "citationValid", true),
      row("key-point coverage", "keyPoints", true),
      row("grounded sentence share", "grounded", true),
      row("distinct 4-gram ratio", "distinct4", true),
      row("Han ratio (zh)", "han", true),
      row("length error, abs(len / target − 1)", "lengthError", false),
      row("typography findings / 1 000 chars", "typographyPer1k", false),
    ],
    notes: [...notes, `article: ${items.length} intents; outline validity has no baseline (a one-shot prompt writes no outline)`],
  };
}

/**
 * The researcher's example keywords (electron/engine/workflows/article/prompts.ts, keywordsPrompt):
 * a query that repeats one is the model echoing the prompt, not reading the intent.
 */
export const RESEARCH_EXAMPLE_KEYWORDS = ["本地大模型 部署成本", "开源模型 企业应用", "数据隐私 合规", "local LLM deployment cost", "open-weight models enterprise", "data privacy compliance"];

/** Content terms of a query or intent: words of 3+ letters, Han character pairs. */
export function queryTerms(text: string): Set<string> {
  const out = new Set<string>();
  const han = [...text.normalize("NFKC")].filter((c) => /\p{Script=Han}/u.test(c));
  for (let i = 0; i + 1 < han.length; i++) out.add(han[i]! + han[i + 1]!);
  for (const t of tokens(text)) if (!/\p{Script=Han}/u.test(t) && t.length >= 3) out.add(t);
  return out;
}

/** Share of queries that share a content term with the intent, and how many repeat a prompt example. */
export function keywordEcho(queries: readonly string[], intent: string): { fromIntent: number; exampleEchoes: number } {
  const intentTerms = queryTerms(intent);
  const fromIntent = queries.filter((q) => [...queryTerms(q)].some((t) => intentTerms.has(t))).length;
  const exampleEchoes = queries.filter((q) => RESEARCH_EXAMPLE_KEYWORDS.some((k) => q.toLowerCase().includes(k.toLowerCase()))).length;
  return { fromIntent: queries.length ? fromIntent / queries.length : Number.NaN, exampleEchoes };
}

/**
 * One article run through the real research path: every material of the set is written to a folder
 * and ingested into the library (embedded by the real model), and the researcher searches it with
 * the keywords it writes, as the app does. A zh item runs (the echo was seen in Chinese): the one
 * farthest from the prompt's example, else the first item. Reported: the queries' share drawn from the intent, how many repeat the
 * prompt's example, the share of found materials from this item's own files, the grounded share.
 */
async function evalLibraryResearch(ctx: EvalContext, ee: EvalEngine, set: ArticleItem[]): Promise<{ metrics: Record<string, number>; note: string }> {
  // The zh intent farthest from the prompt's example (fewest shared terms), so an echo cannot pass for the intent's own words.
  const exampleTerms = queryTerms(RESEARCH_EXAMPLE_KEYWORDS.join(" "));
  const overlap = (i: ArticleItem) => [...queryTerms(i.intent)].filter((t) => exampleTerms.has(t)).length;
  const zh = set.filter((i) => i.locale === "zh");
  const item = zh.length ? zh.reduce((best, i) => (overlap(i) < overlap(best) ? i : best)) : set[0]!;
  const dir = path.join(ctx.tmpDir, "article-library");
  fs.mkdirSync(dir, { recursive: true });
  const own = new Set<string>();
  set.forEach((it, n) =>
    it.materials.forEach((m, i) => {
      const file = `${String(n).padStart(2, "0")}-${i + 1}.md`;
      if (it === item) own.add(file);
      fs.writeFileSync(path.join(dir, file), `# ${m.title}\n\n${m.content}\n`);
    }),
  );
  const total = set.reduce((n, it) => n + it.materials.length, 0);
  await ee.engine.call("knowledge.ingest", { paths: [dir] });
  const deadline = Date.now() + 600_000;
  for (;;) {
    const { sources } = (await ee.engine.call("knowledge.sources", { collection: "library" })) as { sources: unknown[] };
    if (sources.length >= total) break;
    if (Date.now() > deadline) throw new Error(`article library ingest did not finish: ${sources.length} of ${total} sources`);
    await new Promise((r) => setTimeout(r, 500));
  }
  ee.useLibrarySearch();
  ee.takeSearchQueries();
  const started = performance.now();
  const { sessionId } = await ee.engine.call("run.start", { workflow: "article", input: { intent: item.intent, word_count_target: item.word_count_target, locale: item.locale } });
  const { outcome } = await runSession(ee.engine, sessionId, {
    deadlineMs: (ctx.quick ? 300 : 900) * 1000,
    onPause: (event) => {
      const context = event.context as { materials?: Array<{ id: string }> };
      if (event.pausePoint === "material_confirm") return { action: "confirm", approved_material_ids: (context.materials ?? []).map((m) => m.id) };
      if (event.pausePoint === "outline_confirm") return { action: "confirm" };
      return event.pausePoint === "draft_confirm" ? { action: "finalize" } : { action: "force_finalize" };
    },
  });
  const queries = ee.takeSearchQueries();
  const { values } = await ee.engine.call("run.state", { sessionId });
  const found = (values.materials as Array<{ title?: string; content: string }> | undefined) ?? [];
  const draft = typeof values.draft === "string" ? values.draft : "";
  const echo = keywordEcho(queries, item.intent);
  const ownShare = found.length ? found.filter((m) => [...own].some((file) => (m.title ?? "").includes(file))).length / found.length : Number.NaN;
  ctx.log(`article (library search) ${item.id}: ${outcome}; queries ${JSON.stringify(queries)}`);
  return {
    metrics: {
      "article.library.queries_from_intent": echo.fromIntent,
      "article.library.example_echoes": echo.exampleEchoes,
      "article.library.own_material_share": ownShare,
      "article.library.grounded_sentence_share": groundedShare(draft.replace(CITE, ""), found.map((m) => m.content)),
    },
    note: `article (library search) ${item.id}: ${outcome} in ${((performance.now() - started) / 1000).toFixed(0)} s; ${queries.length} queries (${queries.join(" | ")}); ${found.length} materials found of ${total} in the library`,
  };
}
