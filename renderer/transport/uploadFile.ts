import { ApiErrorSchema, ScriptoriumError } from "../../shared/errors.js";
import { readAccessToken } from "./accessToken.js";

/** What `POST /api/upload` answers: where the server stored the file. */
export interface UploadedFile {
  path: string;
  name: string;
  bytes: number;
}

/**
 * Browser mode's way to hand the engine a file: a page cannot see paths, so the bytes go to
 * `POST /api/upload?name=…` (same origin, the page's access token) and the server answers the path
 * under its data dir that `run.start` and the import methods read like any local file.
 */
export async function uploadFile(file: File, options: { baseUrl?: string; token?: string | null; fetch?: typeof fetch } = {}): Promise<UploadedFile> {
  const token = options.token === undefined ? readAccessToken() : options.token;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(`${options.baseUrl ?? ""}/api/upload?name=${encodeURIComponent(file.name)}`, {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: file,
    });
  } catch (error) {
    throw new ScriptoriumError("unavailable", `Cannot reach the Scriptorium server: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => null)) as { error?: unknown } | UploadedFile | null;
  if (response.ok && body && typeof (body as UploadedFile).path === "string") return body as UploadedFile;
  const parsed = ApiErrorSchema.safeParse((body as { error?: unknown } | null)?.error);
  if (parsed.success) throw new ScriptoriumError(parsed.data.code, parsed.data.message, parsed.data.details);
  throw new ScriptoriumError(response.status === 401 ? "unauthorized" : "bad_request", `upload of ${file.name}: HTTP ${response.status}`);
}
