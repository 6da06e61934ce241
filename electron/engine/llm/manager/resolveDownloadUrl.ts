import type { CatalogEntry } from "../../../../shared/models.js";

/**
 * Where to fetch a catalog entry from, given the optional intranet mirror (settings.mirrorBaseUrl).
 *
 * Mirror layout — either works, pick by how the base URL is written:
 * - flat: `http://mirror.corp/models/` → `http://mirror.corp/models/<fileName>`
 *   (a base URL ending in `/` means "all files side by side in this folder");
 * - full path: `http://mirror.corp/hf` (no trailing slash) → the catalog URL's path appended,
 *   e.g. `http://mirror.corp/hf/Qwen/Qwen2.5-3B-Instruct-GGUF/resolve/main/qwen2.5-3b-instruct-q4_k_m.gguf`
 *   (the layout of an HF mirror such as hf-mirror.com or a `huggingface.co` reverse proxy).
 * The query string and fragment of the catalog URL are dropped for a flat mirror and kept otherwise.
 * `hubEndpoint` (an `HF_ENDPOINT` / `MODEL_ENDPOINT` value) always uses the full-path layout,
 * whether or not it ends in a slash: that is what those variables mean to every hub client.
 */
export function resolveDownloadUrl(
  entry: Pick<CatalogEntry, "url" | "fileName">,
  mirrorBaseUrl: string | null | undefined,
  options: { hubEndpoint?: boolean } = {},
): string {
  if (!mirrorBaseUrl) return entry.url;
  const mirror = new URL(mirrorBaseUrl);
  if (!options.hubEndpoint && mirror.pathname.endsWith("/")) {
    return new URL(encodeURIComponent(entry.fileName), mirror).toString();
  }
  const original = new URL(entry.url);
  mirror.pathname = `${mirror.pathname.replace(/\/+$/, "")}${original.pathname}`;
  mirror.search = original.search;
  return mirror.toString();
}
