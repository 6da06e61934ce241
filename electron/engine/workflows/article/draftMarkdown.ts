/** One section of a markdown document: its heading and its body (no heading). */
export interface DraftSection {
  title: string;
  body: string;
}

/** The draft as stored in a version: `# title`, then `## section` + body per section. */
export function assembleDraft(title: string, sections: DraftSection[]): string {
  const parts = [`# ${title.trim()}`];
  for (const section of sections) parts.push(`## ${section.title.trim()}`, section.body.trim());
  return `${parts.join("\n\n")}\n`;
}

/**
 * Read a draft (possibly edited by hand) back into title + sections, so a later revision can
 * rewrite single sections. Text before the first `##` heading becomes an untitled first section
 * only when it is not blank; a draft with no `##` heading is one section titled like the draft.
 */
export function splitDraft(markdown: string, fallbackTitle: string): { title: string; sections: DraftSection[] } {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  let title = fallbackTitle;
  const sections: DraftSection[] = [];
  let current: DraftSection | null = null;
  const preamble: string[] = [];
  let inFence = false;
  for (const line of lines) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const h1 = inFence ? null : /^#\s+(.+?)\s*#*\s*$/.exec(line);
    const h2 = inFence ? null : /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (h1 && !current && !sections.length && title === fallbackTitle && !preamble.some((l) => l.trim())) {
      title = h1[1] ?? title;
    } else if (h2) {
      if (current) sections.push(current);
      current = { title: h2[1] ?? "", body: "" };
    } else if (current) current.body += `${line}\n`;
    else preamble.push(line);
  }
  if (current) sections.push(current);
  const opening = preamble.join("\n").trim();
  if (opening) sections.unshift({ title, body: opening });
  if (!sections.length) sections.push({ title, body: "" });
  return { title, sections: sections.map((s) => ({ title: s.title, body: s.body.trim() })) };
}

