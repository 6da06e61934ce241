/**
 * A file name that is valid on Windows, macOS and Linux; Chinese is kept. Colons (also the
 * fullwidth `：` of a title like 审查：…) and other reserved characters become spaces.
 */
export function fileSafe(title: string): string {
  const cleaned = title
    .replace(/[\\/:*?"<>|\u0000-\u001f：？＊＂＜＞｜]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
  return cleaned || "scriptorium";
}
