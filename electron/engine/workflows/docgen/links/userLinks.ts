import { httpRequest } from "../../../io/httpClient.js";
import { isLoopbackHost } from "../../../io/loopbackHosts.js";

/** Links taken from one run's input, and characters of each fetched page kept for the prompts. */
export const MAX_LINKS = 5;
export const LINK_TEXT_CHARS = 4000;
/** Limits of one link fetch: a slow or huge page must not hold the run. */
const LIMITS = { connectMs: 5000, headersMs: 10_000, idleMs: 10_000, totalMs: 20_000, maxBytes: 1_000_000 };

/** Fetches one allowed link; injectable so tests can count what reaches the network. */
export type LinkFetcher = (url: string, signal?: AbortSignal) => Promise<{ status: number; contentType: string; text: string }>;

export const fetchLinkOverHttp: LinkFetcher = async (url, signal) => {
  const r = await httpRequest({ url, limits: LIMITS, ...(signal ? { signal } : {}), headers: { accept: "text/markdown, text/plain, text/html;q=0.9, application/json;q=0.8" } });
  return { status: r.status, contentType: String(r.headers["content-type"] ?? ""), text: r.text };
};

/** The http(s) links written in a text, in order, without duplicates or trailing punctuation; at most `max`. */
export function extractLinks(text: string, max = MAX_LINKS): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/https?:\/\/[^\s<>"'`）】」』，。；、]+/gi)) {
    const url = m[0].replace(/[)\].,;:!?*_]+$/, "");
    if (!found.includes(url)) found.push(url);
    if (found.length >= max) break;
  }
  return found;
}

/**
 * The offline rule for a user's link: only loopback (localhost, 127.0.0.0/8, ::1) and the hosts of
 * endpoints the user configured (intranet search providers, the model mirror) may be fetched.
 * Anything else is refused before a socket is opened.
 */
export function linkVerdict(url: string, intranetHosts: readonly string[]): { allowed: true; host: string } | { allowed: false; reason: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { allowed: false, reason: "not a valid URL" };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return { allowed: false, reason: `scheme ${parsed.protocol} is not fetched` };
  if (parsed.username || parsed.password) return { allowed: false, reason: "links with credentials are not fetched" };
  const host = parsed.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (isLoopbackHost(host)) return { allowed: true, host };
  const configured = intranetHosts.map((h) => h.toLowerCase().replace(/^\[|\]$/g, ""));
  if (configured.includes(host)) return { allowed: true, host };
  return { allowed: false, reason: `${host} is neither loopback nor a configured intranet host (offline rule)` };
}

/** A fetched page as prompt text: HTML reduced to its text, whitespace folded, capped. */
export function pageText(contentType: string, body: string, max = LINK_TEXT_CHARS): string {
  let text = body;
  if (/html/i.test(contentType) || /^\s*<(!doctype|html)/i.test(body)) {
    text = body
      .replace(/<(script|style|noscript)[\s\S]*?<\/\1>/gi, " ")
      .replace(/<br\s*\/?>|<\/(p|div|li|h\d|tr)>/gi, "\n")
      .replace(/<[^>]+>/g, " ")
      .replace(/&nbsp;/g, " ")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");
  }
  text = text.replace(/[ \t\u3000]+/g, " ").replace(/\s*\n\s*/g, "\n").trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
