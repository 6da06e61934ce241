/**
 * Headings a model wrote inside a section body, lifted below the section's own level: a `#` or
 * `##` line in a body would otherwise read as a new section of the document, so the section list
 * the user picks from (regenerate this section) and the sections the workflow keeps in its state
 * would no longer be the same. Lines inside code fences are left as they are.
 */
export function demoteHeadings(body: string, level = 3): string {
  let inFence = false;
  const marks = "#".repeat(level);
  return body
    .split("\n")
    .map((line) => {
      if (/^\s{0,3}(```|~~~)/.test(line)) inFence = !inFence;
      if (inFence) return line;
      const heading = /^\s{0,3}(#{1,6})(\s+.*|\s*)$/.exec(line);
      return heading && heading[1]!.length < level ? `${marks}${heading[2]}` : line;
    })
    .join("\n");
}
