import fs from "node:fs";
import path from "node:path";
import type { ScriptoriumApi } from "../../../../shared/api.js";
import type { EngineEvent } from "../../../../shared/events.js";
import { INPUT_MODES, type DocgenReport, type InputMode } from "../../../../shared/workflows/docgen.js";
import { builtinModules, graphModules } from "./DocgenDeps.js";
import { docgenMermaidSync, type GraphModule } from "./graph.js";
import type { CliContext, CommandGroup, ExitCode } from "../../../../shared/cli/CliContext.js";
import { defineFlags, expectArgs, printResult, usageError } from "../../../../shared/cli/CliContext.js";
import { waitForRun, type RunOutcome } from "../../../../shared/cli/waitForRun.js";
import { printSessions } from "../../../../shared/cli/printSessions.js";
import { RunProgress } from "../../../../shared/cli/runProgress.js";
import { SCOPE_FLAGS, scopeFlags } from "../../../../shared/cli/scopeFlags.js";
import { writeTrackedDocx } from "./writeTrackedDocx.js";
import { writeFileAtomic } from "../../io/atomicWrite.js";

/** Flags of this command group besides the global ones. */
export const DOCGEN_FLAGS = defineFlags({ mode: "string", topic: "string", source: "string", "text-file": "string", rules: "string", guide: "string", name: "string", report: "string", wait: "boolean", out: "string",
  ...SCOPE_FLAGS });
type DocgenCliContext = CliContext<typeof DOCGEN_FLAGS>;

const USAGE = "docgen start|review|list|resume|graph|guides …";
const START_USAGE = "docgen start --mode text|notes|code --topic T [--source PATH] [--text-file F] [--rules FILE | --guide ID] [--collections C,…] [--folders DIR,…] [--papers ID,…] [--wait] [--out doc.md] [--json]";
const GUIDES_USAGE = "docgen guides [list] | guides import <guide.md> [--name N] | guides delete <id>";

/** The doc generator's lines in the CLI's help. */
export const DOCGEN_USAGE = [START_USAGE, "docgen review <file.md> [--out F] [--report report.json] | list | resume <id> | graph [--rules FILE | --guide ID]", GUIDES_USAGE];

/** `docgen start|review|list|resume|graph`: the doc generator from the terminal. */
export const docgenCommand: CommandGroup<typeof DOCGEN_FLAGS> = async (ctx) => {
  switch (ctx.args[0]) {
    case "start":
      return start(ctx);
    case "review":
      return review(ctx);
    case "list": {
      expectArgs(ctx, 0, "docgen list");
      const result = await (await ctx.api()).call("sessions.list", { workflow: "docgen" });
      printResult(ctx, result, () => printSessions(ctx, result.sessions));
      return 0;
    }
    case "resume":
      return resume(ctx);
    case "graph": {
      expectArgs(ctx, 0, "docgen graph [--rules FILE | --guide ID]");
      ctx.out(docgenMermaidSync(await graphModulesOf(ctx)));
      return 0;
    }
    case "guides":
      return guides(ctx);
    default:
      throw usageError(`usage: ${USAGE}`);
  }
};

/** The modules whose nodes `docgen graph` draws: `--rules FILE`, `--guide ID` (the library) or the built-in guide. */
async function graphModulesOf(ctx: DocgenCliContext): Promise<GraphModule[]> {
  if (ctx.flags.rules) return graphModules(path.resolve(readableFile(ctx.flags.rules, "--rules")));
  if (!ctx.flags.guide) return builtinModules();
  const { guides } = await (await ctx.api()).call("docgen.listGuides", {});
  const guide = guides.find((g) => g.id === ctx.flags.guide);
  if (!guide) throw usageError(`--guide: no guide "${ctx.flags.guide}" in the library (${guides.map((g) => g.id).join(", ")})`);
  return guide.modules.map((m) => ({ id: m.key, name: m.name }));
}

/** `docgen guides [list] | import <file> [--name N] | delete <id>`: the style-guide library. */
async function guides(ctx: DocgenCliContext): Promise<ExitCode> {
  const api = await ctx.api();
  const sub = ctx.args[1] ?? "list";
  if (sub === "list") {
    if (ctx.args.length > 2) throw usageError(`usage: ${GUIDES_USAGE}`);
    const result = await api.call("docgen.listGuides", {});
    printResult(ctx, result, () => {
      for (const g of result.guides) ctx.out(`${g.id.padEnd(24)} ${g.name}  (${g.modules.map((m) => `${m.key}（${m.name}）`).join(", ")})${g.builtin ? "  [built-in]" : ""}`);
    });
    return 0;
  }
  if (sub === "import" && ctx.args.length === 3) {
    const file = path.resolve(readableFile(ctx.args[2]!, "guides import"));
    const result = await api.call("docgen.importGuide", { path: file, ...(ctx.flags.name ? { name: ctx.flags.name } : {}) });
    printResult(ctx, result, () => ctx.out(`imported ${result.guide.id}: ${result.guide.name}, ${result.guide.modules.length} modules`));
    return 0;
  }
  if (sub === "delete" && ctx.args.length === 3) {
    const result = await api.call("docgen.deleteGuide", { id: ctx.args[2]! });
    printResult(ctx, result, () => ctx.out(`deleted ${ctx.args[2]}`));
    return 0;
  }
  throw usageError(`usage: ${GUIDES_USAGE}`);
}

async function start(ctx: DocgenCliContext): Promise<ExitCode> {
  expectArgs(ctx, 0, START_USAGE);
  const { mode, topic, source, textFile, rules, guide } = ctx.flags;
  if (rules && guide) throw usageError("give either --rules FILE or --guide ID");
  if (!mode || !(INPUT_MODES as readonly string[]).includes(mode)) throw usageError(`--mode must be one of ${INPUT_MODES.join(", ")}`);
  if (!topic?.trim()) throw usageError(`usage: ${START_USAGE}`);
  let context: string | undefined;
  if (textFile) context = readInputFile(textFile, "--text-file");
  if (mode === "text" && context === undefined) throw usageError("--mode text needs --text-file F");
  if (mode !== "text" && !source) throw usageError(`--mode ${mode} needs --source PATH`);
  const input = {
    input_mode: mode as InputMode,
    topic,
    ...(source ? { source_path: path.resolve(source) } : {}),
    ...(context !== undefined ? { context } : {}),
    ...(rules ? { rules_file: path.resolve(readableFile(rules, "--rules")) } : {}),
    ...(guide ? { guide } : {}),
    // Sources from the library, bound folders and papers: cited, and the papers listed in GB/T 7714.
    ...scopeFlags(ctx, (folder) => path.resolve(folder)),
  };
  const wait = ctx.flags.wait === true || ctx.flags.out !== undefined;
  if (wait) new RunProgress(ctx).started("docgen start");
  return runAndReport(ctx, input, wait);
}

async function review(ctx: DocgenCliContext): Promise<ExitCode> {
  const [file = ""] = expectArgs(ctx, 1, "docgen review <file.md> [--out F.md|F.docx] [--report report.json] [--rules FILE] [--json]");
  const markdown = readInputFile(file, "review");
  new RunProgress(ctx).started("docgen review");
  const input = {
    input_mode: "text" as const,
    topic: path.basename(file, path.extname(file)),
    context: markdown,
    review_only: true,
    ...(ctx.flags.rules ? { rules_file: path.resolve(readableFile(ctx.flags.rules, "--rules")) } : {}),
    ...(ctx.flags.guide ? { guide: ctx.flags.guide } : {}),
  };
  return runAndReport(ctx, input, true);
}

/**
 * `docgen resume <id>`: a paused session is resumed (the outline confirmed, failed sections left as
 * they are); one still running in this data dir is followed; a failed, cancelled or interrupted one
 * restarts as a new session that reuses its cache (outline, finished sections, draft_wip.md).
 */
async function resume(ctx: DocgenCliContext): Promise<ExitCode> {
  const [id = ""] = expectArgs(ctx, 1, "docgen resume <id> [--wait] [--out F] [--json]");
  const wait = ctx.flags.wait === true || ctx.flags.out !== undefined;
  if (wait) new RunProgress(ctx).started("docgen resume");
  const api = await ctx.api();
  const state = await api.call("run.state", { sessionId: id });
  if (state.session.workflow !== "docgen") throw usageError(`session ${id} is a ${state.session.workflow} session, not docgen`);
  if (state.session.status === "paused" && state.pause) {
    const action = state.pause.pausePoint === "outline_confirm" ? "confirm" : "continue";
    const events = await api.call("events.list", { sessionId: id, afterSeq: 0 });
    const after = events.events.at(-1)?.seq ?? 0;
    await api.call("run.resume", { sessionId: id, payload: { action } });
    return follow(ctx, api, id, after, wait);
  }
  if (state.session.status === "running") return follow(ctx, api, id, 0, wait);
  if (state.session.status === "done") {
    return report(ctx, api, id, null);
  }
  const input = { ...(state.values.input as Record<string, unknown>), resume_from: id };
  return runAndReport(ctx, input, wait);
}

async function runAndReport(ctx: DocgenCliContext, input: Record<string, unknown>, wait: boolean): Promise<ExitCode> {
  const api = await ctx.api();
  const { sessionId } = await api.call("run.start", { workflow: "docgen", input } as never);
  if (!ctx.flags.json) ctx.out(`started docgen session ${sessionId}`);
  return follow(ctx, api, sessionId, 0, wait);
}

async function follow(ctx: DocgenCliContext, api: ScriptoriumApi, sessionId: string, afterSeq: number, wait: boolean): Promise<ExitCode> {
  if (!wait) return report(ctx, api, sessionId, null);
  // With --json stdout has the report alone; the run's progress goes as JSON lines to stderr (stdout with --events).
  const outcome = ctx.flags.json ? await quietWait(api, sessionId, afterSeq, new RunProgress(ctx)) : await waitForRun(ctx, api, sessionId, afterSeq);
  let output: string | null = null;
  if (outcome.type === "done" && ctx.flags.out) {
    const state = await api.call("run.state", { sessionId });
    output = path.resolve(ctx.flags.out);
    // `.docx` writes the review as tracked changes (what a Word user reviews); any other extension the repaired markdown.
    if (path.extname(output).toLowerCase() === ".docx") await writeTrackedDocx(api, sessionId, output);
    else await writeFileAtomic(output, String(state.values.current_draft ?? ""), { what: "the repaired document" });
  }
  const code = await report(ctx, api, sessionId, output);
  return outcome.type === "error" ? 1 : code;
}

/** Print the report (`--json`: the brief's shape) and write `--report` with every replacement. */
async function report(ctx: DocgenCliContext, api: ScriptoriumApi, sessionId: string, output: string | null): Promise<ExitCode> {
  const state = await api.call("run.state", { sessionId });
  const v = state.values as Record<string, unknown>;
  const modules = ((v.modules as Array<Record<string, unknown>>) ?? []).map((m) => ({
    key: String(m.key),
    rounds: Number(m.rounds),
    violations_before: Number(m.violations_before),
    violations_after: Number(m.violations_after),
    breaker: m.breaker === true,
  }));
  const result: DocgenReport = {
    session_id: sessionId,
    status: state.session.status,
    modules,
    replacements: (v.replacements as DocgenReport["replacements"]) ?? { kept: 0, dropped: 0 },
    output,
  };
  if (ctx.flags.report) {
    const events = await api.call("events.list", { sessionId, afterSeq: 0 });
    const rounds = events.events.filter((e) => e.type === "module_review" || e.type === "module_revise" || e.type === "module_breaker" || e.type === "module_rollback");
    await writeFileAtomic(path.resolve(ctx.flags.report), `${JSON.stringify({ ...result, review_comments: v.review_comments ?? [], rounds }, null, 2)}\n`, { what: "the review report" });
  }
  printResult(ctx, result, () => {
    ctx.out(`${sessionId}  ${result.status}`);
    for (const m of modules) ctx.out(`  ${m.key.padEnd(24)} rounds ${m.rounds}  violations ${m.violations_before} → ${m.violations_after}${m.breaker ? "  【熔断放行】" : ""}`);
    ctx.out(`  replacements kept ${result.replacements.kept}, dropped ${result.replacements.dropped}`);
    if (output) ctx.out(`  written to ${output}`);
    if (!output && state.session.status === "done" && !ctx.flags.out && state.session.workflow === "docgen" && ctx.args[0] === "review") ctx.write(String(v.current_draft ?? ""));
  });
  return state.session.status === "error" ? 1 : 0;
}

function quietWait(api: ScriptoriumApi, sessionId: string, afterSeq: number, progress: RunProgress): Promise<RunOutcome> {
  return new Promise((resolve) => {
    let done = false;
    let unsubscribe: (() => void) | null = null;
    unsubscribe = api.subscribe(sessionId, afterSeq, (event: EngineEvent) => {
      if (done) return;
      progress.event(event);
      if (event.type === "done" || event.type === "error" || event.type === "await_user") {
        done = true;
        queueMicrotask(() => unsubscribe?.());
        resolve(event as RunOutcome);
      }
    });
    if (done) unsubscribe();
  });
}

function readInputFile(file: string, what: string): string {
  try {
    return fs.readFileSync(readableFile(file, what), "utf8");
  } catch (error) {
    throw usageError(`${what}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

function readableFile(file: string, what: string): string {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw usageError(`${what}: ${file} is not a file`);
  return file;
}
