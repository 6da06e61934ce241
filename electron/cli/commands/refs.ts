import fs from "node:fs";
import { formatReferences, REFERENCE_STYLES, type ReferenceLocale, type ReferenceStyle } from "../../engine/references/formatReferences.js";
import { parseReferences, referenceKindOf } from "../../engine/references/parseReferences.js";
import type { CommandGroup } from "../../../shared/cli/CliContext.js";
import { defineFlags, expectArgs, printResult, usageError } from "../../../shared/cli/CliContext.js";

const FORMAT_USAGE = "refs format <file.bib|file.ris> --style gb-t-7714|gb-t-7714-author-date|apa [--locale zh|en] [--json]";

/** Flags of `refs` besides the global ones. */
export const REFS_FLAGS = defineFlags({ style: "string", locale: "string" });

/** `refs format`: a BibTeX / RIS file as a reference list in GB/T 7714-2015 or APA; no engine needed. */
export const refsCommand: CommandGroup<typeof REFS_FLAGS> = async (ctx) => {
  if (ctx.args[0] !== "format") throw usageError(`usage: ${FORMAT_USAGE}`);
  const [file = ""] = expectArgs(ctx, 1, FORMAT_USAGE);
  const style = ctx.flags.style ?? "gb-t-7714";
  if (!(REFERENCE_STYLES as readonly string[]).includes(style)) throw usageError(`--style must be one of ${REFERENCE_STYLES.join(", ")}, got "${style}"`);
  const locale = ctx.flags.locale;
  if (locale !== undefined && locale !== "zh" && locale !== "en") throw usageError(`--locale must be zh or en, got "${locale}"`);
  const kind = referenceKindOf(file);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw usageError(`refs format: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  const refs = formatReferences(parseReferences(text, kind, file), style as ReferenceStyle, locale as ReferenceLocale | undefined);
  printResult(ctx, refs, () => {
    for (const r of refs) ctx.out(r.text);
  });
  return 0;
};
