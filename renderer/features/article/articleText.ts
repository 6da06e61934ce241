/** The `##` section titles of a draft, in order (fenced code skipped), as the engine splits it. */
export function sectionTitles(markdown: string): string[] {
  const titles: string[] = [];
  let inFence = false;
  let preamble = false;
  let sawSection = false;
  for (const line of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) {
      if (!sawSection) preamble = true;
      continue;
    }
    const h2 = /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (h2) {
      sawSection = true;
      titles.push(h2[1] ?? "");
    } else if (!sawSection && line.trim() && !/^#\s+/.test(line)) preamble = true;
  }
  // Text before the first `##` is a section of its own (titled like the draft) in the engine's split.
  return preamble ? ["—", ...titles] : titles.length ? titles : ["—"];
}

/** The first `max` characters of a material summary, and whether there is more. */
export function preview(text: string, max = 200): { text: string; more: boolean } {
  const chars = [...text];
  return chars.length <= max ? { text, more: false } : { text: `${chars.slice(0, max).join("")}…`, more: true };
}
