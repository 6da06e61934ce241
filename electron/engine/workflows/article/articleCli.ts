import path from "node:path";
import { sessionLlmFlags } from "../../../../shared/cli/sessionLlmFlags.js";
import { SCOPE_FLAGS, scopeFlags } from "../../../../shared/cli/scopeFlags.js";
import { ARTICLE_ACTIONS, ARTICLE_TYPES, LOCALES } from "../../../../shared/workflows/article.js";
import type { ArticleAction } from "../../../../shared/workflows/article.js";
import type { CliContext, CommandGroup, ExitCode } from "../../../../shared/cli/CliContext.js";
import { defineFlags, expectArgs, intFlag, printResult, usageError } from "../../../../shared/cli/CliContext.js";
import { outcomeCode, waitForRun } from "../../../../shared/cli/waitForRun.js";
import type { RunOutcome } from "../../../../shared/cli/waitForRun.js";
import { printSessions } from "../../../../shared/cli/printSessions.js";
import { RunProgress } from "../../../../shared/cli/runProgress.js";
import type { ScriptoriumApi } from "../../../../shared/api.js";
import { REFERENCE_STYLE_NAMES } from "../../../../shared/documents.js";
import { JsonObjectSchema, JsonParseError, parseJson } from "../../../../shared/parseJson.js";
import { writeFileAtomic } from "../../io/atomicWrite.js";

/** Flags of this command group besides the global ones. */
export const ARTICLE_FLAGS = defineFlags({
  type: "string", audience: "string", words: "string", locale: "string", format: "string", out: "string", version: "string", from: "string", style: "string",
  template: "string", "model-name": "string", thinking: "string", ...SCOPE_FLAGS,
});
type ArticleCliContext = CliContext<typeof ARTICLE_FLAGS>;

const USAGE = "article start|resume|state|list|versions|export …";

/** `article start|resume|state|list|versions|export`: the article workflow from the terminal. */
export const articleCommand: CommandGroup<typeof ARTICLE_FLAGS> = async (ctx) => {
  switch (ctx.args[0]) {
    case "start":
      return start(ctx);
    case "resume":
      return resume(ctx);
    case "state": {
      const [sessionId] = expectArgs(ctx, 1, "article state <id> [--json]");
      const state = await (await ctx.api()).call("run.state", { sessionId: sessionId as string });
      printResult(ctx, state, () => {
        ctx.out(`${state.session.id}  ${state.session.status}  ${state.session.title}`);
        if (state.pause) ctx.out(`paused at ${state.pause.pausePoint}; allowed actions: ${state.pause.allowedActions.join(", ")}`);
        ctx.out(`values: ${Object.keys(state.values).join(", ") || "(none)"}`);
      });
      return 0;
    }
    case "list": {
      expectArgs(ctx, 0, "article list");
      const result = await (await ctx.api()).call("sessions.list", { workflow: "article" });
      printResult(ctx, result, () => printSessions(ctx, result.sessions));
      return 0;
    }
    case "versions": {
      const [sessionId] = expectArgs(ctx, 1, "article versions <id>");
      const result = await (await ctx.api()).call("documents.versions", { sessionId: sessionId as string });
      printResult(ctx, result, () => {
        for (const v of result.versions) {
          const score = v.scores ? `overall ${v.scores.overall}` : "not reviewed";
          ctx.out(`v${v.number}  ${v.reason.padEnd(11)}  ${v.created_at}  ${v.chars} chars  ${score}`);
        }
      });
      return 0;
    }
    case "export":
      return exportArticle(ctx);
    default:
      throw usageError(`usage: ${USAGE}`);
  }
};

async function start(ctx: ArticleCliContext): Promise<ExitCode> {
  const [intent = ""] = expectArgs(ctx, 1, 'article start "<intent>" [--type news|analysis|feature|report] [--audience ..] [--words N] [--locale zh|en] [--model-name M] [--thinking off|budget|unlimited] [--collections c,…] [--folders dir,…] [--papers doc_id,…]');
  const { type, locale } = ctx.flags;
  if (type !== undefined && !(ARTICLE_TYPES as readonly string[]).includes(type)) throw usageError(`--type must be one of ${ARTICLE_TYPES.join(", ")}`);
  if (locale !== undefined && !(LOCALES as readonly string[]).includes(locale)) throw usageError(`--locale must be one of ${LOCALES.join(", ")}`);
  const words = intFlag("words", ctx.flags.words, 200, 20_000);
  new RunProgress(ctx).started("article start");
  const input = {
    intent,
    ...(type ? { article_type: type as (typeof ARTICLE_TYPES)[number] } : {}),
    ...(ctx.flags.audience ? { target_audience: ctx.flags.audience } : {}),
    ...(words ? { word_count_target: words } : {}),
    ...(locale ? { locale: locale as (typeof LOCALES)[number] } : {}),
    ...scopeFlags(ctx, (folder) => path.resolve(folder)),
  };
  const api = await ctx.api();
  const { sessionId } = await api.call("run.start", { workflow: "article", input, ...sessionLlmFlags(ctx) });
  if (!ctx.flags.json) ctx.out(`started article session ${sessionId}`);
  return outcomeCode(await waitForRun(ctx, api, sessionId, 0));
}

async function resume(ctx: ArticleCliContext): Promise<ExitCode> {
  const [sessionId, action] = expectArgs(ctx, 2, "article resume <id> <action> [--json '<payload>']") as [string, string];
  if (!(ARTICLE_ACTIONS as string[]).includes(action)) throw usageError(`unknown action "${action}": one of ${ARTICLE_ACTIONS.join(", ")}`);
  let extra: Record<string, unknown> = {};
  if (ctx.flags.payload !== undefined) {
    try {
      extra = parseJson(JsonObjectSchema, ctx.flags.payload, "--json payload");
    } catch (error) {
      if (!(error instanceof JsonParseError)) throw error;
      throw usageError(error.problem === "not_json" ? "--json payload is not valid JSON" : "--json payload must be a JSON object");
    }
  }
  new RunProgress(ctx).started("article resume");
  const api = await ctx.api();
  // Follow from the current end of the log so the old await_user is not mistaken for the new one.
  const { session } = await api.call("run.state", { sessionId });
  const waiting = waitForRun(ctx, api, sessionId, session.lastSeq);
  try {
    await api.call("run.resume", { sessionId, payload: { ...extra, action: action as ArticleAction } });
  } catch (error) {
    // Nothing ran: stop following so the process can report the rejection and exit.
    waiting.catch(() => undefined);
    throw error;
  }
  return outcomeCode(await waiting);
}

const EXPORT_USAGE = "article export <id> --format markdown|html|docx|pdf [--out file] [--version N] [--template gb-t-9704|default|<reference.docx>] [--style gb-t-7714|apa [--locale zh|en]] [--from N]";

async function exportArticle(ctx: ArticleCliContext): Promise<ExitCode> {
  const [sessionId] = expectArgs(ctx, 1, EXPORT_USAGE);
  const format = ctx.flags.format;
  if (format !== "markdown" && format !== "html" && format !== "docx" && format !== "pdf") throw usageError("--format must be markdown, html, docx or pdf");
  const number = intFlag("version", ctx.flags.version, 1, 1_000_000);
  const from = intFlag("from", ctx.flags.from, 1, 1_000_000);
  const { style, locale } = ctx.flags;
  if (style !== undefined && !(REFERENCE_STYLE_NAMES as readonly string[]).includes(style)) throw usageError(`--style must be one of ${REFERENCE_STYLE_NAMES.join(", ")}, got "${style}"`);
  if (locale !== undefined && (style === undefined || (locale !== "zh" && locale !== "en"))) throw usageError("--locale zh|en goes with --style (the reference list's language)");
  if (from !== undefined && (format !== "docx" || style !== undefined)) throw usageError("--from N exports tracked changes: docx only, without --style");
  const api = await ctx.api();
  const to = from === undefined ? undefined : (number ?? (await latestVersion(api, sessionId as string)));
  const result = await api.call("documents.export", {
    sessionId: sessionId as string,
    format,
    ...(from !== undefined ? { tracked: { from, to: to! } } : number ? { number } : {}),
    ...(style ? { referenceStyle: style as (typeof REFERENCE_STYLE_NAMES)[number] } : {}),
    ...(locale ? { referenceLocale: locale as "zh" | "en" } : {}),
    ...(ctx.flags.template ? { template: /\.docx$/i.test(ctx.flags.template) ? path.resolve(ctx.flags.template) : ctx.flags.template } : {}),
  });
  const bytes = result.encoding === "base64" ? Buffer.from(result.content, "base64") : Buffer.from(result.content, "utf8");
  if (ctx.flags.out) {
    await writeFileAtomic(ctx.flags.out, bytes, { what: `the export of session ${sessionId}` });
    ctx.out(ctx.flags.json ? JSON.stringify({ file: ctx.flags.out, bytes: bytes.length }) : `wrote ${ctx.flags.out} (${bytes.length} bytes)`);
  } else if (result.encoding === "base64") throw usageError(`${format} is binary: pass --out file.${format}`);
  else ctx.write(bytes);
  return 0;
}

async function latestVersion(api: ScriptoriumApi, sessionId: string): Promise<number> {
  const { versions } = await api.call("documents.versions", { sessionId });
  if (versions.length === 0) throw usageError(`session ${sessionId} has no version yet`);
  return Math.max(...versions.map((v) => v.number));
}
