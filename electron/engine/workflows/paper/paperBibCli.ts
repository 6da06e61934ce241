import path from "node:path";
import type { ExitCode } from "../../../../shared/cli/CliContext.js";
import { printResult, usageError } from "../../../../shared/cli/CliContext.js";
import type { PaperCliContext } from "./paperCliFlags.js";
import { writeFileAtomic } from "../../io/atomicWrite.js";

export const PAPER_BIB_USAGE = `  paper import-bib <file.bib|file.ris> [--json]
  paper export-bib [doc_id…] [--out file.bib]
  paper import-zotero [--collection KEY] [--url http://127.0.0.1:23119] [--json]`;

/** `paper import-bib <file>`: every entry becomes a library record (with its PDF when the entry names one). */
export async function importBib(ctx: PaperCliContext, args: string[]): Promise<ExitCode> {
  if (args.length !== 1) throw usageError("usage: paper import-bib <file.bib|file.ris> [--json]");
  const result = await (await ctx.api()).call("paper.importBib", { path: path.resolve(args[0]!) });
  printResult(ctx, result, () => {
    for (const e of result.entries) ctx.out(`${e.existing ? "already imported" : "imported"} ${e.doc_id}  ${e.kind === "pdf" ? "PDF " : "meta"}  ${e.citation_key}  ${e.title}${e.warning ? `  (file not imported: ${e.warning})` : ""}`);
  });
  return 0;
}

/** `paper export-bib [doc_id…]`: the library (or the chosen papers) as BibTeX on stdout or into `--out`. */
export async function exportBib(ctx: PaperCliContext, docIds: string[]): Promise<ExitCode> {
  const { bibtex } = await (await ctx.api()).call("paper.exportBib", docIds.length ? { doc_ids: docIds } : {});
  if (ctx.flags.out) {
    await writeFileAtomic(path.resolve(ctx.flags.out), bibtex, { what: "the BibTeX export" });
    ctx.err(`written to ${path.resolve(ctx.flags.out)}`);
  } else ctx.write(bibtex);
  return 0;
}

/** `paper import-zotero`: the local Zotero library (or one collection) with metadata and PDFs. */
export async function importZoteroCommand(ctx: PaperCliContext, args: string[]): Promise<ExitCode> {
  if (args.length !== 0) throw usageError("usage: paper import-zotero [--collection KEY] [--url http://127.0.0.1:23119] [--json]");
  const result = await (await ctx.api()).call("paper.importZotero", { ...(ctx.flags.url ? { url: ctx.flags.url } : {}), ...(ctx.flags.collection ? { collection: ctx.flags.collection } : {}) });
  printResult(ctx, result, () => {
    for (const e of result.imported) ctx.out(`imported ${e.doc_id}  ${e.kind === "pdf" ? "PDF " : "meta"}  ${e.title}${e.warning ? `  (PDF not imported: ${e.warning})` : ""}`);
    for (const s of result.skipped) ctx.out(`skipped  ${s.doc_id}  ${s.title}  (already imported)`);
    ctx.out(`${result.imported.length} imported, ${result.skipped.length} already in the library`);
  });
  return 0;
}
