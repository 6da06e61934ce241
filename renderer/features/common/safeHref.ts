/**
 * The only link targets the rendered draft may navigate to: absolute http(s) and mailto URLs.
 * Everything else (javascript:, data:, file:, custom schemes, relative paths) is dropped.
 */
export function safeHref(href: string | undefined | null): string | null {
  if (!href) return null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:" && url.protocol !== "mailto:") return null;
  if (url.username || url.password) return null;
  return url.href;
}
