import { z } from "zod";
import { ScriptoriumError } from "../../../shared/errors.js";
import { limitedFetch } from "../io/httpClient.js";
import { remoteLimits, unavailable } from "./remoteRequest.js";

const TagsResponse = z.object({ models: z.array(z.object({ name: z.string() })) });

/** The models an Ollama server has pulled (`GET <baseUrl>/api/tags`), sorted; one short request. */
export async function listOllamaModels(options: { baseUrl: string; signal?: AbortSignal }): Promise<string[]> {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/api/tags`;
  const fetch = limitedFetch({ ...remoteLimits({ headersMs: 15_000, idleMs: 15_000 }), maxBytes: 4 * 1024 * 1024 }, options.signal);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { headers: { accept: "application/json" } });
    text = await response.text();
  } catch (error) {
    throw unavailable(url, error);
  }
  if (!response.ok) throw new ScriptoriumError("unavailable", `${url} answered ${response.status}: ${text.slice(0, 200)}`, { url, status: response.status });
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Reported below as not a model list.
  }
  const parsed = TagsResponse.safeParse(body);
  if (!parsed.success) throw new ScriptoriumError("unavailable", `${url} did not answer an Ollama model list: ${text.slice(0, 200)}`, { url });
  return [...new Set(parsed.data.models.map((m) => m.name))].sort();
}
