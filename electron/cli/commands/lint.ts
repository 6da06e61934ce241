import { readFileSync } from "node:fs";
import type { CommandGroup } from "../../../shared/cli/CliContext.js";
import { defineFlags, usageError } from "../../../shared/cli/CliContext.js";

/** Flags of `lint` besides the global ones. */
export const LINT_FLAGS = defineFlags({ fix: "boolean" });

/**
 * `lint <file.md> [--json] [--fix]`: the deterministic rule checkers, without the engine (no
 * SQLite, no model). Exit 1 when violations are found (like any linter); `--fix` prints the fixed
 * document and exits 0.
 */
export const lintCommand: CommandGroup<typeof LINT_FLAGS> = async (ctx) => {
  if (ctx.args.length !== 1) throw usageError("usage: lint <file.md> [--json] [--fix]");
  const file = ctx.args[0] as string;
  let markdown: string;
  try {
    markdown = readFileSync(file, "utf8");
  } catch (error) {
    throw usageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  // Loaded on demand: the rules module parses markdown with unified, which the other commands never need.
  const rules = await import("../../engine/rules/index.js");
  if (ctx.flags.fix) {
    ctx.write(rules.fixMarkdown(markdown));
    return 0;
  }
  const { violations } = rules.lintMarkdown(markdown);
  if (ctx.flags.json) {
    ctx.out(
      JSON.stringify({
        violations: violations.map(({ rule, line, column, message, replacement }) => ({
          rule,
          line,
          column,
          message,
          ...(replacement === undefined ? {} : { replacement }),
        })),
      }),
    );
  } else {
    for (const v of violations) ctx.out(`${file}:${v.line}:${v.column}  ${v.message}  (rule ${v.rule})${v.replacement ? ` → ${JSON.stringify(v.replacement.text)}` : ""}`);
    if (violations.length === 0) ctx.out(`${file}: no violations`);
  }
  return violations.length === 0 ? 0 : 1;
};
