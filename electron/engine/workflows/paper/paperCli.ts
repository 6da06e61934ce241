import fs from "node:fs";
import path from "node:path";
import type { ScriptoriumApi } from "../../../../shared/api.js";
import { ScriptoriumError, toApiError } from "../../../../shared/errors.js";
import type { EngineEvent } from "../../../../shared/events.js";
import { PAPER_INTENTS, type PaperAnswer, type PaperIntent } from "../../../../shared/workflows/paper.js";
import type { CommandGroup } from "../../../../shared/cli/CliContext.js";
import { printJson, printResult, usageError } from "../../../../shared/cli/CliContext.js";
import { RunProgress } from "../../../../shared/cli/runProgress.js";
import { exportBib, importBib, importZoteroCommand, PAPER_BIB_USAGE } from "./paperBibCli.js";
import { exportPaperSession, PAPER_EXPORT_USAGE, writeAnswerExport } from "./paperExportCli.js";
import { PAPER_META_USAGE, paperMetaCommand } from "./paperMetaCli.js";
import { PAPER_FLAGS, type PaperCliContext } from "./paperCliFlags.js";

export const PAPER_USAGE = `usage:
  paper import <file…> [--json]                     → {doc_id, title, pages}
  paper list [--json]
  paper show <doc_id> [--json]
  paper delete <doc_id>
  paper ask <doc_id…> "<question>" [--intent ${PAPER_INTENTS.join("|")}] [--selected "<text>"] [--json]
  paper deep-read <doc_id> [--json]
  (ask and deep-read: --out file.md|.html|.docx [--style gb-t-7714|apa] also exports the answer)
${PAPER_EXPORT_USAGE}
  paper check-claims <doc_id> --claims <file.jsonl> [--judge none|llm] [--json]
${PAPER_BIB_USAGE}
${PAPER_META_USAGE}`;

/** `paper …`: the paper library and one-question paper sessions. */
export const paperCommand: CommandGroup<typeof PAPER_FLAGS> = async (ctx) => {
  const [sub, ...rest] = ctx.args;
  switch (sub) {
    case "import":
      return importPapers(ctx, rest);
    case "list": {
      const api = await ctx.api();
      const result = await api.call("paper.list", {});
      printResult(ctx, result, () => {
        if (result.papers.length === 0) ctx.out("no papers; import one with: paper import <file.pdf>");
        for (const p of result.papers) ctx.out(`${p.doc_id}  ${String(p.pages).padStart(3)} p.  ${p.year ?? "    "}  ${p.title}`);
      });
      return 0;
    }
    case "show": {
      const docId = one(rest, "paper show <doc_id>");
      const result = await (await ctx.api()).call("paper.get", { doc_id: docId });
      printResult(ctx, result, () => {
        ctx.out(`${result.paper.title} (${result.paper.pages} pages${result.paper.year ? `, ${result.paper.year}` : ""})`);
        if (result.paper.authors.length) ctx.out(result.paper.authors.join(", "));
        for (const item of result.structure) ctx.out(`  ${item.kind.padEnd(8)} ${item.number.padEnd(5)} p.${item.page}  ${item.label.slice(0, 90)}`);
      });
      return 0;
    }
    case "delete": {
      const docId = one(rest, "paper delete <doc_id>");
      await (await ctx.api()).call("paper.delete", { doc_id: docId });
      if (!ctx.flags.json) ctx.out(`deleted ${docId}`);
      else ctx.out(JSON.stringify({ ok: true }));
      return 0;
    }
    case "ask":
      return ask(ctx, rest);
    case "deep-read":
      return deepRead(ctx, rest);
    case "check-claims":
      return checkClaimsCommand(ctx, rest);
    // The bibliography: BibTeX / RIS files and the local Zotero library.
    case "import-bib":
      return importBib(ctx, rest);
    case "export-bib":
      return exportBib(ctx, rest);
    case "import-zotero":
      return importZoteroCommand(ctx, rest);
    case "export":
      return exportPaperSession(ctx, rest);
    case "meta":
      return paperMetaCommand(ctx, rest);
    default:
      throw usageError(PAPER_USAGE);
  }
};

function one(args: string[], usage: string): string {
  if (args.length !== 1 || !args[0]) throw usageError(`usage: ${usage}`);
  return args[0];
}

/** Each file is imported on its own (all or nothing); a failure is reported and the next file tried. */
async function importPapers(ctx: PaperCliContext, files: string[]): Promise<0 | 1> {
  if (files.length === 0) throw usageError("usage: paper import <file…> [--json]");
  const api = await ctx.api();
  const imported: Array<{ doc_id: string; title: string; pages: number }> = [];
  let failed = false;
  for (const file of files) {
    try {
      const { papers } = await api.call("paper.import", { paths: [path.resolve(file)] });
      const paper = papers[0]!;
      imported.push({ doc_id: paper.doc_id, title: paper.title, pages: paper.pages });
      if (!ctx.flags.json) ctx.out(`${paper.existing ? "already imported" : "imported"} ${paper.doc_id}  ${paper.pages} p.  ${paper.title}`);
    } catch (error) {
      failed = true;
      ctx.err(`error: ${toApiError(error).message}`);
    }
  }
  if (ctx.flags.json && imported.length > 0) ctx.out(JSON.stringify(imported.length === 1 && files.length === 1 ? imported[0] : imported, null, 2));
  return failed ? 1 : 0;
}

/** Starts a one-question session and waits for its end, streaming tokens in human mode. */
async function runQuestion(ctx: PaperCliContext, api: ScriptoriumApi, input: Record<string, unknown>): Promise<{ sessionId: string; answer: PaperAnswer }> {
  const { sessionId } = await api.call("run.start", { workflow: "paper", input: { ...input, single_question: true } } as never);
  const events = await new Promise<EngineEvent[]>((resolve) => {
    const seen: EngineEvent[] = [];
    const progress = new RunProgress(ctx);
    let stop: (() => void) | null = null;
    let ended = false;
    stop = api.subscribe(sessionId, 0, (event) => {
      if (ended) return;
      seen.push(event);
      progress.event(event);
      if (!ctx.flags.json && event.type === "token") ctx.write(event.text);
      if (event.type === "done" || event.type === "error" || event.type === "await_user") {
        ended = true;
        queueMicrotask(() => stop?.());
        resolve(seen);
      }
    });
    if (ended) stop();
  });
  if (!ctx.flags.json && events.some((e) => e.type === "token")) ctx.write("\n");
  const last = events.at(-1)!;
  if (last.type === "error") throw new ScriptoriumError(last.error.code, last.error.message, last.error.details);
  const answer = events.filter((e) => e.type === "paper_answer").at(-1) as (EngineEvent & { answer: PaperAnswer }) | undefined;
  if (!answer) throw new ScriptoriumError("internal", "The paper session ended without an answer.");
  return { sessionId, answer: answer.answer };
}

async function ask(ctx: PaperCliContext, args: string[]): Promise<0 | 1> {
  if (args.length < 2) throw usageError(`usage: paper ask <doc_id…> "<question>" [--intent name] [--selected "<text>"] [--json]`);
  const question = args.at(-1)!;
  const docIds = args.slice(0, -1);
  const intent = ctx.flags.intent;
  if (intent !== undefined && !(PAPER_INTENTS as readonly string[]).includes(intent)) throw usageError(`--intent must be one of ${PAPER_INTENTS.join(", ")}`);
  new RunProgress(ctx).started("paper ask");
  const api = await ctx.api();
  const { sessionId, answer } = await runQuestion(ctx, api, {
    doc_ids: docIds,
    user_query: question,
    ...(intent ? { forced_intent: intent as PaperIntent } : {}),
    ...(ctx.flags.selected ? { selected_text: ctx.flags.selected } : {}),
  });
  if (ctx.flags.json) {
    const { intent: routed, answer: text, citations, evidence, follow_ups } = answer;
    printJson(ctx, { intent: routed, answer: text, citations, evidence, follow_ups });
  } else {
    // Streaming agents already printed their text; blocking ones print it now.
    if (!["chat", "translate", "literature_review"].includes(answer.intent)) ctx.out(answer.answer);
    ctx.out(`[${answer.intent}] citations: ${answer.citations.map((c) => `p.${c.page}`).join(", ") || "—"}`);
    for (const [i, q] of answer.follow_ups.entries()) ctx.out(`  ${i + 1}. ${q}`);
  }
  if (ctx.flags.out) await writeAnswerExport(ctx, api, sessionId);
  return 0;
}

async function deepRead(ctx: PaperCliContext, args: string[]): Promise<0 | 1> {
  const docId = one(args, "paper deep-read <doc_id> [--json]");
  new RunProgress(ctx).started("paper deep-read");
  const api = await ctx.api();
  const { sessionId, answer } = await runQuestion(ctx, api, { doc_ids: [docId], user_query: "深度阅读 / deep read", forced_intent: "deep_read", ...(ctx.flags.locale === "en" || ctx.flags.locale === "zh" ? { locale: ctx.flags.locale } : {}) });
  const claims = (answer.claims ?? []).map(({ id, claim, label, evidence }) => ({ id, claim, label, evidence }));
  if (ctx.flags.json) {
    printJson(ctx, {
      doc_id: docId,
      title: answer.titles[0] ?? "",
      stages: answer.stages,
      claims,
      halluc_iteration: answer.halluc_iteration ?? 0,
      answer: answer.answer,
      citations: answer.citations,
      follow_ups: answer.follow_ups,
    });
  } else {
    ctx.out(`# ${answer.titles[0] ?? docId}`);
    ctx.out(`\n## Extraction\n${answer.stages?.extraction ?? ""}`);
    ctx.out(`\n## Analysis\n${answer.stages?.analysis ?? ""}`);
    ctx.out(`\n## Synthesis (${answer.halluc_iteration ?? 0} rewrites)\n${answer.answer}`);
    ctx.out("\n## Claims");
    for (const c of claims) ctx.out(`  ${c.label === "supported" ? "✓" : "✗"} ${c.claim}${c.evidence ? `  [p.${c.evidence.page}]` : ""}`);
  }
  if (ctx.flags.out) await writeAnswerExport(ctx, api, sessionId);
  return 0;
}

/** Reads `{id, claim}` lines; a bad line is a usage error naming the file and the line. */
export function readClaimsFile(file: string): Array<{ id: string; claim: string }> {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    throw usageError(`--claims: cannot read ${file}`);
  }
  const claims: Array<{ id: string; claim: string }> = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw usageError(`${path.basename(file)}:${index + 1}: not a JSON object`);
    }
    const record = value as { id?: unknown; claim?: unknown };
    if (typeof value !== "object" || value === null || (typeof record.id !== "string" && typeof record.id !== "number") || typeof record.claim !== "string" || !record.claim.trim()) {
      throw usageError(`${path.basename(file)}:${index + 1}: each line needs {"id", "claim"}`);
    }
    claims.push({ id: String(record.id), claim: record.claim });
  }
  if (claims.length === 0) throw usageError(`${path.basename(file)}: no claims`);
  return claims;
}

async function checkClaimsCommand(ctx: PaperCliContext, args: string[]): Promise<0 | 1> {
  const docId = one(args, "paper check-claims <doc_id> --claims <file.jsonl> [--judge none|llm] [--json]");
  if (!ctx.flags.claims) throw usageError("paper check-claims needs --claims <file.jsonl>");
  const judge = ctx.flags.judge ?? "none";
  if (judge !== "none" && judge !== "llm") throw usageError("--judge must be none or llm");
  const claims = readClaimsFile(ctx.flags.claims);
  const { results } = await (await ctx.api()).call("paper.checkClaims", { doc_id: docId, claims, judge });
  for (const r of results) {
    if (ctx.flags.json) ctx.out(JSON.stringify({ id: r.id, label: r.label, evidence: r.evidence }));
    else ctx.out(`${r.label === "supported" ? "✓" : "✗"} ${r.id}  ${r.label.padEnd(11)} ${r.evidence ? `p.${r.evidence.page} ${r.evidence.chunk_id}` : "—"}  (${r.reason})`);
  }
  return 0;
}
