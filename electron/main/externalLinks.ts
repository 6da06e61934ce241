/** Hosts a link may open in the system browser (model cards, docs); everything else is dropped. */
export const DEFAULT_EXTERNAL_HOSTS: readonly string[] = ["huggingface.co", "www.modelscope.cn", "modelscope.cn", "github.com", "ollama.com"];

/**
 * May `raw` be handed to `shell.openExternal`? Only http(s), no credentials in the URL (the
 * `https://huggingface.co@evil.test` trick), no explicit odd port, and an exact host of the
 * allow-list. Parsing is WHATWG's, as Chromium's, so what we check is what would be opened.
 */
export function isAllowedExternalUrl(raw: string, allowedHosts: readonly string[] = DEFAULT_EXTERNAL_HOSTS): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (url.username !== "" || url.password !== "") return false;
  if (url.port !== "") return false;
  const host = url.hostname.toLowerCase();
  return allowedHosts.some((allowed) => allowed.toLowerCase() === host);
}
