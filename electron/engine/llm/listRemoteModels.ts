import { z } from "zod";
import { ScriptoriumError } from "../../../shared/errors.js";
import { limitedFetch } from "../io/httpClient.js";
import { remoteLimits, unavailable } from "./remoteRequest.js";

const ModelsResponse = z.object({ data: z.array(z.object({ id: z.string() })) });

/**
 * The model names an OpenAI-compatible endpoint serves (`GET <baseUrl>/models`): the settings'
 * chat and embedding pickers offer them. One short request; the key only when one is stored.
 */
export async function listRemoteModels(options: { baseUrl: string; apiKey?: string | null; signal?: AbortSignal }): Promise<string[]> {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/models`;
  const fetch = limitedFetch({ ...remoteLimits({ headersMs: 15_000, idleMs: 15_000 }), maxBytes: 4 * 1024 * 1024 }, options.signal);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { headers: { accept: "application/json", ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) } });
    text = await response.text();
  } catch (error) {
    throw unavailable(url, error);
  }
  if (!response.ok) throw new ScriptoriumError("unavailable", `${url} answered ${response.status}: ${text.slice(0, 200)}`, { url, status: response.status });
  const parsed = ModelsResponse.safeParse((() => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  })());
  if (!parsed.success) throw new ScriptoriumError("unavailable", `${url} did not answer an OpenAI model list: ${text.slice(0, 200)}`, { url });
  return [...new Set(parsed.data.data.map((m) => m.id))].sort();
}
