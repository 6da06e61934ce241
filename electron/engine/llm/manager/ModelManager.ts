import { mkdir, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import { basename, isAbsolute, join, resolve } from "node:path";
import { z } from "zod";
import { ScriptoriumError } from "../../../../shared/errors.js";
import type { CatalogEntry, Fit, InstalledModel, Settings } from "../../../../shared/models.js";
import { copyFileAtomic, writeFileAtomic } from "../../io/atomicWrite.js";
import { readJsonFile } from "../../io/readJsonFile.js";
import { downloadFile, type DownloadFileOptions, type DownloadProgress } from "./downloadFile.js";
import { fitEstimate } from "./fitEstimate.js";
import { checkGgufMagic, inspectGguf } from "../../io/validateGguf.js";
import { loadCatalog } from "./loadCatalog.js";
import { resolveDownloadUrl } from "./resolveDownloadUrl.js";
import { physicalCoreCount } from "../physicalCoreCount.js";

export interface ModelManagerOptions {
  /** Physical CPU cores (tests pin it); default physicalCoreCount. */
  cpuCores?: () => number;
  /** `<dataDir>/models`; created on demand. */
  modelsDir: string;
  /** Path of `models/catalog.json` shipped with the app. */
  catalogPath: string;
  /** Current settings (contextSize for the fit, mirrorBaseUrl for downloads). */
  getSettings: () => Settings;
  /** Free RAM in bytes; default `os.freemem()`. */
  freeMemoryBytes?: () => number;
  /** Total RAM in bytes; default `os.totalmem()`. */
  totalMemoryBytes?: () => number;
  /** Free/total VRAM when the LLM service knows it (llama.getVramState()); default none. */
  vram?: () => { freeBytes: number; totalBytes: number } | null;
  /** Overrides for every download (timeouts, retries, backoff); tests shorten them. */
  downloadDefaults?: Pick<DownloadFileOptions, "timeouts" | "maxRetries" | "backoffBaseMs" | "backoffMaxMs" | "progressIntervalMs" | "headers">;
  /** `MODEL_ENDPOINT` / `HF_ENDPOINT` (mirrors) and `HF_TOKEN` (the hub's token); default `process.env`. */
  env?: Record<string, string | undefined>;
}

/** `models.download`'s request: a catalog entry, or a URL (with optional hash and file name). */
export interface DownloadRequest {
  catalogId?: string;
  url?: string;
  sha256?: string;
  fileName?: string;
}

/** A download request resolved to concrete source and destination. */
export interface ResolvedDownload {
  url: string;
  fileName: string;
  destPath: string;
  sha256: string | null;
  /** Request headers: the hub token, only when the file comes from the hub itself. */
  headers: Record<string, string>;
}

export interface DownloadCallbacks {
  onProgress?: (progress: DownloadProgress) => void;
  /** Abort = pause: the `.part` file is kept for resume. Cancel = abort + `deletePart`. */
  signal?: AbortSignal;
}

export type CatalogListing = CatalogEntry & { installed: boolean; fit: Fit };

const EXTERNAL_LIST = "external.json";
const SAFE_FILE_NAME = /^[\w.\-+ ()[\]]{1,200}\.gguf$/i;

/**
 * Lists, imports and downloads GGUF models under `<dataDir>/models`, plus models the user chose to
 * use in place (registered by absolute path). It never loads a model: LlmService does that.
 */
export class ModelManager {
  private readonly options: ModelManagerOptions;
  private catalogCache: Promise<CatalogEntry[]> | null = null;

  constructor(options: ModelManagerOptions) {
    this.options = options;
  }

  /** The validated catalog (read once). */
  catalog(): Promise<CatalogEntry[]> {
    this.catalogCache ??= loadCatalog(this.options.catalogPath);
    this.catalogCache.catch(() => (this.catalogCache = null));
    return this.catalogCache;
  }

  /** Catalog entries with whether they are installed and how they fit this machine. */
  async listCatalog(): Promise<CatalogListing[]> {
    const [entries, names] = await Promise.all([this.catalog(), this.installedFileNames()]);
    return entries.map((entry) => ({ ...entry, installed: names.has(entry.fileName), fit: this.fitFor(entry.sizeBytes, null) }));
  }

  /**
   * Every `*.gguf` in modelsDir and every registered external path, with header facts. A file that
   * is not a valid GGUF is listed with `error` set and fit `unknown`, never thrown.
   */
  async listInstalled(): Promise<InstalledModel[]> {
    const names = [...(await this.installedFileNames())].sort();
    const external = await this.readExternal();
    const entries = [
      ...names.map((name) => ({ id: name, path: join(this.options.modelsDir, name) })),
      ...external.map((path) => ({ id: path, path })),
    ];
    return Promise.all(entries.map(({ id, path }) => this.describe(id, path)));
  }

  /** Absolute path of a model id from settings (a file name in modelsDir or an absolute path); null if absent. */
  async resolveModelPath(id: string): Promise<string | null> {
    const path = isAbsolute(id) ? id : join(this.options.modelsDir, basename(id));
    try {
      return (await stat(path)).isFile() ? path : null;
    } catch {
      return null;
    }
  }

  /**
   * Validate a GGUF (magic + header) and copy it into modelsDir atomically. Throws `model_missing`
   * for a missing file, `model_invalid` (naming the file) for anything that is not a GGUF, and
   * `conflict` when a different file of the same name is already installed.
   */
  async importModel(path: string): Promise<InstalledModel> {
    const source = resolve(path);
    await inspectGguf(source);
    const name = basename(source);
    if (!SAFE_FILE_NAME.test(name)) throw new ScriptoriumError("bad_request", `Model file name must end in .gguf and use plain characters: ${name}`);
    await mkdir(this.options.modelsDir, { recursive: true });
    const dest = join(this.options.modelsDir, name);
    if (resolve(dest) !== source) {
      const existing = await stat(dest).catch(() => null);
      const incoming = await stat(source);
      if (existing && existing.size !== incoming.size) {
        throw new ScriptoriumError("conflict", `A different model named ${name} is already installed.`);
      }
      if (!existing) await copyFileAtomic(source, dest);
    }
    return this.describe(name, dest);
  }

  /**
   * Use a GGUF where it lies (no copy): validated, then remembered by absolute path. A file that is
   * already installed (in the models folder, or imported from it: same name and size, the rule
   * importModel goes by) is that installed model, not a second entry under its full path.
   */
  async registerExternal(path: string): Promise<InstalledModel> {
    const absolute = resolve(path);
    await inspectGguf(absolute);
    const list = await this.readExternal();
    const name = basename(absolute);
    const installed = join(this.options.modelsDir, name);
    const [copy, incoming] = await Promise.all([stat(installed).catch(() => null), stat(absolute)]);
    if (copy?.isFile() && copy.size === incoming.size) {
      if (list.includes(absolute)) await this.writeExternal(list.filter((entry) => entry !== absolute));
      return this.describe(name, installed);
    }
    if (!list.includes(absolute)) await this.writeExternal([...list, absolute]);
    return this.describe(absolute, absolute);
  }

  /** Forget an external model or delete an installed file (by id as listed). */
  async remove(id: string): Promise<void> {
    const list = await this.readExternal();
    if (list.includes(id)) return this.writeExternal(list.filter((path) => path !== id));
    const name = basename(id);
    if (name !== id || !name.toLowerCase().endsWith(".gguf")) throw new ScriptoriumError("not_found", `No installed model ${id}.`);
    await rm(join(this.options.modelsDir, name), { force: true });
  }

  /** Turn a request into URL + destination; mirrors apply to catalog entries only. */
  async resolveDownload(request: DownloadRequest): Promise<ResolvedDownload> {
    let url: string;
    let fileName: string;
    let sha256: string | null = request.sha256 ?? null;
    const headers: Record<string, string> = {};
    if (request.catalogId) {
      const entry = (await this.catalog()).find((candidate) => candidate.id === request.catalogId);
      if (!entry) throw new ScriptoriumError("not_found", `No catalog model ${request.catalogId}.`);
      const { mirror, fromEnv, token } = hubAccess(this.options.getSettings().mirrorBaseUrl, this.options.env ?? process.env);
      url = resolveDownloadUrl(entry, mirror, { hubEndpoint: fromEnv });
      fileName = entry.fileName;
      sha256 ??= entry.sha256;
      // The hub token goes to the hub only: never to a mirror (settings or environment).
      if (token && !mirror && new URL(url).hostname === HUB_HOST) headers.authorization = `Bearer ${token}`;
    } else if (request.url) {
      url = request.url;
      let lastSegment = "";
      try {
        lastSegment = decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
      } catch {
        throw new ScriptoriumError("bad_request", `Not a valid download URL: ${url}`);
      }
      fileName = request.fileName ?? lastSegment;
    } else {
      throw new ScriptoriumError("bad_request", "A download needs a catalogId or a url.");
    }
    if (!SAFE_FILE_NAME.test(fileName) || basename(fileName) !== fileName) {
      throw new ScriptoriumError("bad_request", `Download file name must be a plain *.gguf name, got ${JSON.stringify(fileName)}.`);
    }
    return { url, fileName, destPath: join(this.options.modelsDir, fileName), sha256, headers };
  }

  /**
   * Download a model: resumable `.part`, retries, SHA-256 check when a hash is known, GGUF magic
   * check, atomic rename. An already installed file of that name is returned as is.
   */
  async download(request: DownloadRequest, callbacks: DownloadCallbacks = {}): Promise<InstalledModel> {
    const resolved = await this.resolveDownload(request);
    await mkdir(this.options.modelsDir, { recursive: true });
    if (await stat(resolved.destPath).catch(() => null)) return this.describe(resolved.fileName, resolved.destPath);
    await downloadFile({
      ...this.options.downloadDefaults,
      url: resolved.url,
      destPath: resolved.destPath,
      sha256: resolved.sha256,
      headers: { ...this.options.downloadDefaults?.headers, ...resolved.headers },
      signal: callbacks.signal,
      onProgress: callbacks.onProgress,
      validate: checkGgufMagic,
    });
    return this.describe(resolved.fileName, resolved.destPath);
  }

  /** Traffic light for a model of `modelBytes` at the configured context size. */
  fitFor(modelBytes: number, kv: Parameters<typeof fitEstimate>[0]["kv"]): Fit {
    const vram = this.options.vram?.() ?? null;
    return fitEstimate({
      modelBytes,
      contextSize: this.options.getSettings().contextSize,
      kv,
      freeRamBytes: (this.options.freeMemoryBytes ?? os.freemem)(),
      totalRamBytes: (this.options.totalMemoryBytes ?? os.totalmem)(),
      freeVramBytes: vram?.freeBytes ?? null,
      totalVramBytes: vram?.totalBytes ?? null,
      cpuCores: (this.options.cpuCores ?? physicalCoreCount)(),
    }).fit;
  }

  private async describe(id: string, path: string): Promise<InstalledModel> {
    const sizeBytes = (await stat(path).catch(() => null))?.size ?? 0;
    try {
      const header = await inspectGguf(path);
      return {
        id,
        path,
        sizeBytes,
        architecture: header.architecture,
        contextLength: header.contextLength,
        hasChatTemplate: header.hasChatTemplate,
        fit: this.fitFor(sizeBytes, header.kv),
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { id, path, sizeBytes, architecture: null, contextLength: null, hasChatTemplate: false, fit: "unknown", error: message };
    }
  }

  private async installedFileNames(): Promise<Set<string>> {
    try {
      const entries = await readdir(this.options.modelsDir, { withFileTypes: true });
      return new Set(entries.filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith(".gguf")).map((entry) => entry.name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Set();
      throw error;
    }
  }

  private async readExternal(): Promise<string[]> {
    // A missing or broken list is an empty one: the files themselves are untouched, the user adds them again.
    const value = await readJsonFile(join(this.options.modelsDir, EXTERNAL_LIST), z.array(z.unknown())).catch((): unknown[] => []);
    return value.filter((item): item is string => typeof item === "string" && isAbsolute(item));
  }

  private async writeExternal(paths: string[]): Promise<void> {
    await mkdir(this.options.modelsDir, { recursive: true });
    await writeFileAtomic(join(this.options.modelsDir, EXTERNAL_LIST), JSON.stringify(paths, null, 2));
  }
}

const HUB_HOST = "huggingface.co";

/**
 * The mirror a catalog download goes through and the hub token, by the conventions intranet
 * users already set for other tools: the mirror setting first, then `MODEL_ENDPOINT`, then
 * `HF_ENDPOINT` (node-llama-cpp's order). An environment endpoint replaces the hub's origin and
 * keeps the repo path (`https://hf-mirror.com` → `https://hf-mirror.com/Qwen/…/resolve/…`).
 */
export function hubAccess(
  mirrorSetting: string | null | undefined,
  env: Record<string, string | undefined>,
): { mirror: string | null; fromEnv: boolean; token: string | null } {
  const fromEnv = (env.MODEL_ENDPOINT || env.HF_ENDPOINT || "").trim().replace(/\/+$/, "");
  let mirror: string | null = mirrorSetting || null;
  const useEnv = !mirror && fromEnv !== "";
  if (useEnv) {
    try {
      mirror = new URL(fromEnv).toString();
    } catch {
      throw new ScriptoriumError("bad_request", `MODEL_ENDPOINT / HF_ENDPOINT is not a URL: ${fromEnv}`);
    }
  }
  const token = (env.HF_TOKEN || env.HUGGING_FACE_HUB_TOKEN || "").trim() || null;
  return { mirror, fromEnv: useEnv, token };
}
