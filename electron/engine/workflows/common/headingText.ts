/**
 * A title as a markdown heading can hold it: one line (a model's title may carry a newline, which
 * would end the heading and start the body, so the section the workflow keeps and the one the draft
 * shows would differ), without the `#` marks a model sometimes copies in, at most `max` characters.
 */
export function headingText(text: string, max: number): string {
  return text.replace(/\s+/g, " ").replace(/^\s*#+\s*/, "").trim().slice(0, max).trim();
}
