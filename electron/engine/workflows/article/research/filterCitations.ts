/**
 * A citation group: `[m001]`, `[m001, m002]`, `[m001，m002、m003]`. Only the `m` + digits form is a
 * citation; other bracketed text (links, footnotes) is left alone.
 */
const CITATION_GROUP = /\[\s*(m\d+(?:\s*[,，、;；]\s*m\d+)*)\s*\]/g;
const CITATION_GROUP_WITH_BLANKS = /([ \t]*)\[\s*(m\d+(?:\s*[,，、;；]\s*m\d+)*)\s*\]/g;
const ID_SEPARATOR = /\s*[,，、;；]\s*/;

/**
 * Remove citations of materials the writer may not cite. Ids are checked by code because a weak model
 * invents plausible ids; a group keeps its allowed ids and disappears when none is left (with the
 * blank before it, so no double space is left behind). Pure and idempotent.
 */
export function filterCitations(text: string, allowedIds: Iterable<string>): string {
  const allowed = new Set(allowedIds);
  const pass = (input: string) =>
    input.replace(CITATION_GROUP_WITH_BLANKS, (_group: string, blanks: string, ids: string) => {
      const kept = ids.split(ID_SEPARATOR).filter((id) => allowed.has(id));
      return kept.length ? `${blanks}[${kept.join(", ")}]` : "";
    });
  // Removing `[m9]` from `[[m9]m8]` uncovers `[m8]`: repeat until nothing changes (each removal shortens the text).
  let current = text;
  for (let next = pass(current); next !== current; next = pass(current)) current = next;
  return current;
}

/** Every material id cited in `text`, in order of first appearance. */
export function citedIds(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(CITATION_GROUP)) {
    for (const id of (match[1] ?? "").split(ID_SEPARATOR)) seen.add(id);
  }
  return [...seen];
}
