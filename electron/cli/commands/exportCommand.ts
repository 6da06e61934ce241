import fs from "node:fs";
import path from "node:path";
import type { MethodInput } from "../../../shared/api.js";
import type { CommandGroup } from "../../../shared/cli/CliContext.js";
import { defineFlags } from "../../../shared/cli/cliFlags.js";
import { usageError } from "../../../shared/cli/CliContext.js";
import { EXPORT_FORMATS, REFERENCE_STYLE_NAMES } from "../../../shared/documents.js";

export const EXPORT_USAGE =
  "export <file.md|session_id> --format pdf|docx|html|markdown --out <file> [--template gb-t-9704|default|<reference.docx>] [--style gb-t-7714|gb-t-7714-author-date|apa] [--version N]";

const BY_EXTENSION: Record<string, (typeof EXPORT_FORMATS)[number]> = { ".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html", ".docx": "docx", ".pdf": "pdf" };

/**
 * `export`: a Markdown file, or a session's document, as PDF / DOCX / HTML / Markdown through
 * `documents.export` (the same method every document pane, HTTP and MCP use). A session's export
 * resolves its citations into notes and a reference list in `--style`; a file's own footnotes are its notes.
 */
export const EXPORT_FLAGS = defineFlags({ format: "string", out: "string", template: "string", style: "string", locale: "string", version: "string" });

export const exportCommand: CommandGroup<typeof EXPORT_FLAGS> = async (ctx) => {
  const [target, ...rest] = ctx.args;
  if (!target || rest.length > 0) throw usageError(`usage: ${EXPORT_USAGE}`);
  const format = ctx.flags.format ?? (ctx.flags.out ? BY_EXTENSION[path.extname(ctx.flags.out).toLowerCase()] : undefined);
  if (!format || !(EXPORT_FORMATS as readonly string[]).includes(format)) throw usageError(`--format must be one of ${EXPORT_FORMATS.join(", ")} (or give --out with one of those extensions)`);
  const style = ctx.flags.style;
  if (style !== undefined && !(REFERENCE_STYLE_NAMES as readonly string[]).includes(style)) throw usageError(`--style must be one of ${REFERENCE_STYLE_NAMES.join(", ")}, got "${style}"`);
  const locale = ctx.flags.locale;
  if (locale !== undefined && locale !== "zh" && locale !== "en") throw usageError(`--locale must be zh or en, got "${locale}"`);
  // A reference document is read by the engine: its path is made absolute here.
  const template = ctx.flags.template === undefined ? undefined : /\.docx$/i.test(ctx.flags.template) ? path.resolve(ctx.flags.template) : ctx.flags.template;
  if (template !== undefined && /\.docx$/i.test(template) && !fs.existsSync(template)) throw usageError(`--template ${ctx.flags.template}: no such file`);
  const isFile = /\.(md|markdown|txt)$/i.test(target) || fs.existsSync(target);
  const common = { format: format as (typeof EXPORT_FORMATS)[number], ...(template ? { template } : {}), ...(locale ? { locale: locale as "zh" | "en" } : {}) };
  let request: MethodInput<"documents.export">;
  if (isFile) {
    if (style !== undefined) throw usageError("--style formats a session's cited materials; a Markdown file's own footnotes are exported as they are");
    let markdown: string;
    try {
      markdown = fs.readFileSync(target, "utf8");
    } catch (error) {
      throw usageError(`export: cannot read ${target} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    request = { ...common, markdown, title: path.basename(target).replace(/\.[^.]+$/, "") };
  } else {
    const version = ctx.flags.version === undefined ? undefined : Number(ctx.flags.version);
    if (version !== undefined && !(Number.isInteger(version) && version > 0)) throw usageError(`--version must be a positive whole number, got "${ctx.flags.version}"`);
    request = {
      ...common,
      sessionId: target,
      ...(version ? { number: version } : {}),
      ...(style ? { referenceStyle: style as (typeof REFERENCE_STYLE_NAMES)[number] } : {}),
    };
  }
  const api = await ctx.api();
  const result = await api.call("documents.export", request);
  const bytes = result.encoding === "base64" ? Buffer.from(result.content, "base64") : Buffer.from(result.content, "utf8");
  if (ctx.flags.out) {
    fs.writeFileSync(path.resolve(ctx.flags.out), bytes);
    ctx.err(`wrote ${path.resolve(ctx.flags.out)} (${bytes.length} bytes)`);
  } else if (result.encoding === "base64") throw usageError(`${format} is binary: pass --out file`);
  else ctx.write(bytes);
  return 0;
};
