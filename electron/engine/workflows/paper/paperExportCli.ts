import path from "node:path";
import type { ScriptoriumApi } from "../../../../shared/api.js";
import type { ExitCode } from "../../../../shared/cli/CliContext.js";
import { usageError } from "../../../../shared/cli/CliContext.js";
import { REFERENCE_STYLE_NAMES } from "../../../../shared/documents.js";
import type { PaperCliContext } from "./paperCliFlags.js";
import { writeFileAtomic } from "../../io/atomicWrite.js";

export const PAPER_EXPORT_USAGE = "  paper export <session_id> --format markdown|html|docx [--out file] [--style gb-t-7714|apa] [--locale zh|en]";

type Format = "markdown" | "html" | "docx" | "pdf";
const BY_EXTENSION: Record<string, Format> = { ".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html", ".docx": "docx", ".pdf": "pdf" };

/** `paper export <session_id>`: a paper session's latest answer with footnoted page citations and the papers' reference list. */
export async function exportPaperSession(ctx: PaperCliContext, args: string[]): Promise<ExitCode> {
  if (args.length !== 1 || !args[0]) throw usageError(`usage: ${PAPER_EXPORT_USAGE.trim()}`);
  const format = ctx.flags.format ?? (ctx.flags.out ? BY_EXTENSION[path.extname(ctx.flags.out).toLowerCase()] : undefined);
  if (format !== "markdown" && format !== "html" && format !== "docx" && format !== "pdf") throw usageError("--format must be markdown, html, docx or pdf (or give --out with one of those extensions)");
  const locale = ctx.flags.locale;
  if (locale !== undefined && locale !== "zh" && locale !== "en") throw usageError(`--locale must be zh or en, got "${locale}"`);
  await exportTo(ctx, await ctx.api(), args[0], format, locale);
  return 0;
}

/** `paper ask … --out file` / `paper deep-read … --out file`: the answer just given, in the format the extension names. */
export async function writeAnswerExport(ctx: PaperCliContext, api: ScriptoriumApi, sessionId: string): Promise<void> {
  const format = BY_EXTENSION[path.extname(ctx.flags.out ?? "").toLowerCase()];
  if (!format) throw usageError(`--out must end in .md, .html, .docx or .pdf, got ${ctx.flags.out}`);
  await exportTo(ctx, api, sessionId, format, undefined);
}

async function exportTo(ctx: PaperCliContext, api: ScriptoriumApi, sessionId: string, format: Format, locale: "zh" | "en" | undefined): Promise<void> {
  const style = ctx.flags.style;
  if (style !== undefined && !(REFERENCE_STYLE_NAMES as readonly string[]).includes(style)) throw usageError(`--style must be one of ${REFERENCE_STYLE_NAMES.join(", ")}, got "${style}"`);
  const result = await api.call("paper.export", {
    sessionId,
    format,
    ...(style ? { referenceStyle: style as (typeof REFERENCE_STYLE_NAMES)[number] } : {}),
    ...(locale ? { referenceLocale: locale } : {}),
    ...(ctx.flags.template ? { template: /\.docx$/i.test(ctx.flags.template) ? path.resolve(ctx.flags.template) : ctx.flags.template } : {}),
  });
  const bytes = result.encoding === "base64" ? Buffer.from(result.content, "base64") : Buffer.from(result.content, "utf8");
  if (ctx.flags.out) {
    await writeFileAtomic(path.resolve(ctx.flags.out), bytes, { what: "the answer export" });
    ctx.err(`wrote ${path.resolve(ctx.flags.out)} (${bytes.length} bytes)`);
  } else if (format === "docx" || format === "pdf") throw usageError(`${format} is binary: pass --out file.${format}`);
  else ctx.write(bytes);
}
