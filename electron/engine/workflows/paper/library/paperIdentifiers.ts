import type { CslItem } from "../../../references/citeproc.js";

/** A new-style (2103.01234) or old-style (hep-th/9901001) arXiv id, without its version. */
const ARXIV_ID = /^(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})$/i;
const ARXIV_IN = /(?:arxiv\.org\/(?:abs|pdf)\/|arxiv[:.]\s*)(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})/i;
const DOI = /^10\.\d{4,9}\/\S+$/;

/** A DOI without its resolver prefix (`https://doi.org/`, `doi:`); '' stays ''. */
export function normalizeDoi(raw: string): string {
  return raw.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, "");
}

export function isDoi(doi: string): boolean {
  return DOI.test(doi);
}

/** An arXiv id as a user may paste it (`arXiv:2103.01234v2`, the abs or pdf URL), reduced to the bare id; '' stays ''. */
export function normalizeArxiv(raw: string): string {
  const text = raw.trim();
  if (!text) return "";
  const bare = text.replace(/^arxiv:\s*/i, "").replace(/v\d+$/i, "");
  if (ARXIV_ID.test(bare)) return bare;
  return ARXIV_IN.exec(text)?.[1] ?? text;
}

export function isArxivId(id: string): boolean {
  return ARXIV_ID.test(id);
}

export function arxivUrl(id: string): string {
  return `https://arxiv.org/abs/${id}`;
}

/** The arXiv id a CSL item carries (as CSL-JSON writers put it: `number`, `URL`, or arXiv's own DOI), or ''. */
export function arxivOf(csl: CslItem): string {
  const fields = [csl.number, csl.URL, csl.DOI, csl["archive_location"]];
  for (const value of fields) {
    if (typeof value !== "string" && typeof value !== "number") continue;
    const match = ARXIV_IN.exec(String(value));
    if (match) return match[1]!;
  }
  return "";
}

/**
 * A CSL item with the DOI and arXiv id the paper itself gives, as CSL-JSON writes them (Zotero's
 * export): `DOI`, and for arXiv the abstract page as `URL` with `number` `arXiv:<id>`. Fields the
 * record already has are left as they are (an imported or corrected record has the last word).
 */
export function withIdentifiers(csl: CslItem, ids: { doi: string; arxiv: string }): CslItem {
  const out: CslItem = { ...csl };
  if (ids.doi && !out.DOI) out.DOI = ids.doi;
  if (ids.arxiv && !arxivOf(out)) {
    if (!out.URL) out.URL = arxivUrl(ids.arxiv);
    if (out.number === undefined) out.number = `arXiv:${ids.arxiv}`;
  }
  return out;
}
