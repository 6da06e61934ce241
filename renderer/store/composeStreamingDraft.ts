/**
 * The draft to show while sections stream in. During a revision (a previous draft exists) the
 * previous draft's title and headings stay and each section being rewritten shows its streamed
 * text, so finished sections never seem to vanish. For a first draft the streamed sections are
 * joined as they are. (The outline is not used for headings: an edit the user confirmed at
 * PAUSE-2 travels in the resume payload, not in an event, so it could be stale.)
 */
export function composeStreamingDraft(streaming: readonly string[], previous: string | null): string {
  const parsed = previous ? splitSectionsCached(previous) : null;
  if (!parsed || parsed.sections.length === 0) return streaming.filter((s) => s.length > 0).join("\n\n");
  const parts = parsed.preamble ? [parsed.preamble] : [];
  parsed.sections.forEach((section, i) => {
    parts.push(section.heading);
    const body = streaming[i] || section.body;
    if (body) parts.push(body.trim());
  });
  return parts.join("\n\n");
}

// The previous draft does not change while a revision streams, but this runs on every chunk
// (160 a second): remembering the last cut keeps it from re-scanning the whole previous draft.
let lastCut: { markdown: string; parsed: ReturnType<typeof splitSections> } | null = null;

function splitSectionsCached(markdown: string): ReturnType<typeof splitSections> {
  if (lastCut?.markdown !== markdown) lastCut = { markdown, parsed: splitSections(markdown) };
  return lastCut.parsed;
}

/** An assembled draft cut at its `## ` headings. */
export function splitSections(markdown: string): { preamble: string; sections: Array<{ heading: string; body: string }> } {
  const headings = [...markdown.matchAll(/^## .*$/gm)];
  const preamble = markdown.slice(0, headings[0]?.index ?? markdown.length).trim();
  const sections = headings.map((match, i) => {
    const start = (match.index ?? 0) + match[0].length;
    const end = headings[i + 1]?.index ?? markdown.length;
    return { heading: match[0], body: markdown.slice(start, end).trim() };
  });
  return { preamble, sections };
}
