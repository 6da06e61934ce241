import { lintMarkdown } from "../../shared/rules/lintMarkdown.js";
import type { EvalEngine } from "./evalEngine.js";
import { runSession } from "./evalEngine.js";
import { findingScores, linesDamagedOutside, type Finding } from "./metrics/findings.js";
import type { DocgenDoc } from "./sets.js";
import { mean, pick, type EvalContext, type EvalSection } from "./types.js";

/** Rule ids of the built-in guide with their type (rules/DOC_GUIDELINES.md). */
export function guideRuleTypes(guide: string): Map<string, "mechanical" | "semantic"> {
  const types = new Map<string, "mechanical" | "semantic">();
  let id: string | null = null;
  for (const line of guide.split("\n")) {
    const heading = /^###\s+(\d+\.\d+)\s/.exec(line);
    if (heading) id = heading[1]!;
    const type = /类型：\s*(mechanical|semantic)/.exec(line);
    if (id && type) types.set(id, type[1] as "mechanical" | "semantic");
  }
  return types;
}

const numbered = (text: string) => text.split("\n").map((l, i) => `${i + 1}: ${l}`).join("\n");

/**
 * Docgen review-only runs on the labelled documents: findings = the first review round of every
 * module (checker + model), final document = the run's current_draft. Baseline: one call "review
 * this document" listing `line rule` pairs, one call "fix this document" returning it whole.
 */
export async function evalDocgen(ctx: EvalContext, ee: EvalEngine, docs: DocgenDoc[], guide: string): Promise<EvalSection> {
  const types = guideRuleTypes(guide);
  const rulesList = [...guide.matchAll(/^###\s+(\d+\.\d+)\s+(.+)$/gm)].map((m) => `${m[1]} ${m[2]}`).join("\n");
  const items = pick(ctx, docs, 1, (d) => d.locale);
  const m = {
    mech: [] as number[],
    sem: [] as number[],
    mechR: [] as number[],
    semR: [] as number[],
    left: [] as number[],
    damaged: [] as number[],
    seconds: [] as number[],
  };
  const b = { mech: [] as number[], sem: [] as number[], mechR: [] as number[], semR: [] as number[], left: [] as number[], damaged: [] as number[] };
  const notes: string[] = [];
  for (const doc of items) {
    const started = performance.now();
    const { sessionId } = await ee.engine.call("run.start", { workflow: "docgen", input: { input_mode: "text", topic: doc.file, review_only: true, context: doc.text } });
    const { events, outcome } = await runSession(ee.engine, sessionId, { deadlineMs: (ctx.quick ? 240 : 600) * 1000 });
    m.seconds.push((performance.now() - started) / 1000);
    const reviews = events.filter((e) => e.type === "module_review") as unknown as Array<{ module: string; round: number; violations: Array<{ line: number; rule_id: string }>; model_error?: string }>;
    const findings: Finding[] = reviews
      .filter((r) => r.round === reviews.filter((x) => x.module === r.module).reduce((min, x) => Math.min(min, x.round), Infinity))
      .flatMap((r) => r.violations.map((v) => ({ line: v.line, rule: v.rule_id })));
    const revisions = events.filter((e) => e.type === "module_revise") as unknown as Array<{ records: Array<{ status: string; old: string }> }>;
    const keptOld = revisions.flatMap((r) => r.records.filter((x) => x.status === "kept").map((x) => x.old));
    const state = await ee.engine.call("run.state", { sessionId });
    const final = typeof state.values.current_draft === "string" && state.values.current_draft ? state.values.current_draft : doc.text;
    const s = findingScores(findings, doc.violations, types);
    m.mech.push(s.mechanical.precision);
    m.sem.push(s.semantic.precision);
    m.mechR.push(s.mechanical.recall);
    m.semR.push(s.semantic.recall);
    m.left.push(lintMarkdown(final).violations.length);
    m.damaged.push(linesDamagedOutside(doc.text, final, keptOld));
    const modelErrors = reviews.filter((r) => r.model_error).length;
    notes.push(`docgen ${doc.file}: ${outcome} in ${m.seconds.at(-1)!.toFixed(0)} s, ${findings.length} first-round findings, ${keptOld.length} kept replacements, ${modelErrors} review rounds without a usable model result`);

    const review = await ee.llm.generateText({
      system: doc.locale === "zh" ? "你是技术文档审阅者。" : "You review technical documents.",
      prompt: `Style guide rules:\n${rulesList}\n\nDocument (numbered lines):\n${numbered(doc.text)}\n\nReview this document. List every violation as "line <N> rule <id>: <comment>", one per line.`,
      temperature: 0.2,
      maxTokens: 300,
      maxContinuations: 0,
    });
    const baseFindings = [...review.text.matchAll(/line\s*(\d+)\D{0,12}?rule\s*(\d+\.\d+)/gi)].map((x) => ({ line: Number(x[1]), rule: x[2]! }));
    const bs = findingScores(baseFindings, doc.violations, types);
    b.mech.push(bs.mechanical.precision);
    b.sem.push(bs.semantic.precision);
    b.mechR.push(bs.mechanical.recall);
    b.semR.push(bs.semantic.recall);
    const fixed = await ee.llm.generateText({
      system: doc.locale === "zh" ? "你是技术文档编辑。" : "You edit technical documents.",
      prompt: `Style guide rules:\n${rulesList}\n\nDocument:\n${doc.text}\n\nFix every violation of the rules in this document. Output only the corrected document, complete.`,
      temperature: 0.2,
      // About the document's own length: a model that never ends its reply stops there.
      maxTokens: Math.min(1200, Math.ceil(doc.text.length * (doc.locale === "zh" ? 1.1 : 0.35))),
      maxContinuations: 0,
    });
    const baseFinal = fixed.text.replace(/^```\w*\n|\n```\s*$/g, "");
    b.left.push(lintMarkdown(baseFinal).violations.length);
    // The baseline has no replacements: only the labelled lines may change.
    const lines = doc.text.split("\n");
    b.damaged.push(linesDamagedOutside(doc.text, baseFinal, doc.violations.map((v) => lines[v.line - 1] ?? "")));
    ctx.log(`docgen ${doc.file}: method ${findings.length} findings, baseline ${baseFindings.length}`);
  }
  const row = (metric: string, key: keyof typeof b, higherIsBetter: boolean) => ({ workflow: "docgen review", metric, method: mean(m[key]), baseline: mean(b[key]), higherIsBetter });
  return {
    metrics: {
      "docgen.findings_precision_mechanical": mean(m.mech),
      "docgen.findings_recall_mechanical": mean(m.mechR),
      "docgen.findings_precision_semantic": mean(m.sem),
      "docgen.findings_recall_semantic": mean(m.semR),
      "docgen.mechanical_left_after_repair": mean(m.left),
      "docgen.lines_damaged_outside_replacements": m.damaged.reduce((a, c) => a + c, 0),
      "docgen.review_s": mean(m.seconds),
    },
    compare: [
      row("findings precision (mechanical)", "mech", true),
      row("findings recall (mechanical)", "mechR", true),
      row("findings precision (semantic)", "sem", true),
      row("findings recall (semantic)", "semR", true),
      row("checker violations left after repair", "left", false),
      row("lines damaged outside replacements", "damaged", false),
    ],
    notes: [...notes, `docgen: ${items.length} labelled documents; a finding matches a label with the same rule within ±1 line; violations left = lintMarkdown on the final document (before: ${items.map((d) => lintMarkdown(d.text).violations.length).join(", ")})`],
  };
}
