import type { ExitCode } from "../../../../shared/cli/CliContext.js";
import { printResult, usageError } from "../../../../shared/cli/CliContext.js";
import type { PaperCliContext } from "./paperCliFlags.js";

export const PAPER_META_USAGE = `  paper meta show <doc_id> [--json]
  paper meta set <doc_id> [title=…] [authors="Ada Lovelace; 王小明"] [year=2021] [venue=…] [doi=10.1145/…] [arxiv=2103.01234] [--json]`;

const FIELDS = ["title", "authors", "year", "venue", "doi", "arxiv"] as const;
type Field = (typeof FIELDS)[number];

/** `paper meta show|set`: read or correct the metadata a paper's reference entry is built from. */
export async function paperMetaCommand(ctx: PaperCliContext, args: string[]): Promise<ExitCode> {
  const [sub, docId, ...pairs] = args;
  if (!docId || (sub !== "show" && sub !== "set") || (sub === "show" && pairs.length > 0) || (sub === "set" && pairs.length === 0)) throw usageError(`usage:\n${PAPER_META_USAGE}`);
  const api = await ctx.api();
  if (sub === "set") await api.call("paper.setMetadata", { doc_id: docId, ...parsePairs(pairs) });
  const meta = await api.call("paper.getMetadata", { doc_id: docId });
  printResult(ctx, meta, () => {
    ctx.out(`${meta.doc_id}  (${meta.source})`);
    ctx.out(`title:   ${meta.title}`);
    ctx.out(`authors: ${meta.authors.join("; ") || "—"}`);
    ctx.out(`year:    ${meta.year ?? "—"}`);
    ctx.out(`venue:   ${meta.venue || "—"}`);
    ctx.out(`doi:     ${meta.doi || "—"}`);
    ctx.out(`arxiv:   ${meta.arxiv || "—"}`);
  });
  return 0;
}

/** `field=value` pairs; authors are separated by `;` (a name may contain a comma: "Lovelace, Ada"); `year=` clears the year. */
function parsePairs(pairs: string[]): { title?: string; authors?: string[]; year?: number | null; venue?: string; doi?: string; arxiv?: string } {
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    const field = (at > 0 ? pair.slice(0, at) : pair) as Field;
    if (at <= 0 || !(FIELDS as readonly string[]).includes(field)) throw usageError(`"${pair}": expected field=value with field one of ${FIELDS.join(", ")}`);
    if (field in out) throw usageError(`${field} given twice`);
    const value = pair.slice(at + 1);
    if (field === "authors") out.authors = value.split(";").map((name) => name.trim()).filter(Boolean);
    else if (field === "year") {
      if (value.trim() === "") out.year = null;
      else if (!/^\d+$/.test(value.trim())) throw usageError(`year must be a whole number, got "${value}"`);
      else out.year = Number(value.trim());
    } else out[field] = value;
  }
  return out;
}
