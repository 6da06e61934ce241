import { ProviderConfigSchema, type ProviderConfig } from "../../shared/providers.js";

/** The editable form of a provider: headers as `Name: value` lines, numbers as they are. */
export interface ProviderDraft {
  config: ProviderConfig;
  headersText: string;
  apiKey: string;
}

/** A new provider with the contract's defaults. */
export function newProviderDraft(): ProviderDraft {
  const config = ProviderConfigSchema.parse({ name: "intranet", baseUrl: "http://127.0.0.1:8000/search" });
  return { config, headersText: "", apiKey: "" };
}

export function toDraft(config: ProviderConfig): ProviderDraft {
  return { config, headersText: Object.entries(config.headers).map(([k, v]) => `${k}: ${v}`).join("\n"), apiKey: "" };
}

/** Parses `Name: value` lines; blank lines are skipped, lines without a colon rejected. */
export function parseHeaders(text: string): Record<string, string> | string {
  const headers: Record<string, string> = {};
  for (const [i, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (!line) continue;
    const colon = line.indexOf(":");
    if (colon <= 0) return `line ${i + 1}: expected "Name: value"`;
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The draft as a validated config, or an error message naming the bad field. */
export function draftToConfig(draft: ProviderDraft): ProviderConfig | string {
  const headers = parseHeaders(draft.headersText);
  if (typeof headers === "string") return headers;
  const parsed = ProviderConfigSchema.safeParse({ ...draft.config, headers });
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  return parsed.data;
}
