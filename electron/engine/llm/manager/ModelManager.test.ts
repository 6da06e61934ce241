import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CatalogSchema, SettingsSchema, type Settings } from "../../../../shared/models.js";
import { encodeGguf } from "../../../../tests/fixtures/ggufWriter.js";
import { createTinyGguf } from "../../../../tests/fixtures/tinyGguf.js";
import { DownloadRegistry, type DownloadStatus } from "./DownloadRegistry.js";
import { partPaths } from "./downloadFile.js";
import { ModelManager } from "./ModelManager.js";
import { resolveDownloadUrl } from "./resolveDownloadUrl.js";
import { startFileServer, type TestFileServer } from "../../testing/testFileServer.js";
import { expectError } from "../../testing/expectError.js";

const REPO_CATALOG = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../models/catalog.json");
const GiB = 1024 ** 3;

/** A valid GGUF (header + one F32 tensor) of about `floats * 4` bytes, with a chat template. */
function smallGguf(floats: number): Buffer {
  return encodeGguf({
    metadata: {
      "general.architecture": "qwen2",
      "qwen2.context_length": 32768,
      "qwen2.block_count": 4,
      "qwen2.embedding_length": 64,
      "qwen2.attention.head_count": 4,
      "qwen2.attention.head_count_kv": 2,
      "tokenizer.chat_template": "{% for m in messages %}{{ m.content }}{% endfor %}",
    },
    tensors: [{ name: "w", dims: [floats], type: "F32", data: new Float32Array(floats).fill(0.5) }],
  });
}


let tiny: string;
beforeAll(async () => {
  tiny = await createTinyGguf();
});

let dir: string;
let settings: Settings;
let manager: ModelManager;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "scriptorium-mm-"));
  settings = SettingsSchema.parse({});
  manager = new ModelManager({
    modelsDir: join(dir, "models"),
    catalogPath: REPO_CATALOG,
    getSettings: () => settings,
    freeMemoryBytes: () => 8 * GiB,
    totalMemoryBytes: () => 16 * GiB,
    downloadDefaults: { backoffBaseMs: 5, backoffMaxMs: 20, timeouts: { connectMs: 2_000, headersMs: 2_000, idleMs: 2_000 } },
  });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("catalog", () => {
  it("models/catalog.json parses and names chat, embedding and reranker models", async () => {
    const parsed = CatalogSchema.parse(JSON.parse(await readFile(REPO_CATALOG, "utf8")));
    const kinds = new Set(parsed.models.map((m) => m.kind));
    expect(kinds).toEqual(new Set(["chat", "embedding", "reranker"]));
    expect(new Set(parsed.models.map((m) => m.id)).size).toBe(parsed.models.length);
    for (const m of parsed.models) {
      expect(m.fileName.endsWith(".gguf")).toBe(true);
      expect(new URL(m.url).pathname.endsWith(m.fileName)).toBe(true);
    }
  });

  it("every entry has a size, a SHA-256, a licence and a publisher file name that resolves", async () => {
    const parsed = CatalogSchema.parse(JSON.parse(await readFile(REPO_CATALOG, "utf8")));
    const chat = parsed.models.filter((m) => m.kind === "chat");
    expect(chat.map((m) => m.quant)).toEqual(["Q4_K_M", "Q4_K_M", "Q4_K_M"]);
    for (const m of parsed.models) {
      expect(m.sizeBytes, m.id).toBeGreaterThan(100 * 1024 ** 2);
      expect(m.sha256, m.id).toMatch(/^[0-9a-f]{64}$/);
      expect(m.license.trim().length, m.id).toBeGreaterThan(0);
      expect(m.description["zh-CN"].length, m.id).toBeGreaterThan(10);
      expect(m.description.en.length, m.id).toBeGreaterThan(20);
      expect(m.description.en, m.id).not.toMatch(/\p{Script=Han}/u);
      // The hub's file URL: https://huggingface.co/<owner>/<repo>/resolve/<revision>/<fileName>.
      const url = new URL(m.url);
      expect(url.protocol).toBe("https:");
      expect(url.hostname).toBe("huggingface.co");
      const parts = url.pathname.split("/").filter(Boolean);
      expect(parts.length, m.id).toBe(5);
      expect(parts[2]).toBe("resolve");
      expect(decodeURIComponent(parts[4]!)).toBe(m.fileName);
      // The same entry resolves through a flat mirror and an HF_ENDPOINT-style mirror.
      expect(resolveDownloadUrl(m, "http://mirror.corp/models/")).toBe(`http://mirror.corp/models/${encodeURIComponent(m.fileName)}`);
      expect(resolveDownloadUrl(m, "https://hf-mirror.com/", { hubEndpoint: true })).toBe(`https://hf-mirror.com${url.pathname}`);
    }
  });

  it("lists catalog entries with installed flag and fit", async () => {
    const listing = await manager.listCatalog();
    expect(listing.length).toBeGreaterThanOrEqual(5);
    const small = listing.find((m) => m.id === "qwen3-1.7b-q4_k_m")!;
    expect(small.installed).toBe(false);
    expect(small.fit).toBe("green");
  });
});

describe("resolveDownloadUrl", () => {
  const entry = { url: "https://huggingface.co/Qwen/Qwen2.5-3B-Instruct-GGUF/resolve/main/qwen2.5-3b-instruct-q4_k_m.gguf", fileName: "qwen2.5-3b-instruct-q4_k_m.gguf" };
  it("keeps the catalog URL without a mirror", () => {
    expect(resolveDownloadUrl(entry, null)).toBe(entry.url);
  });
  it("flat mirror (trailing slash): <mirror>/<fileName>", () => {
    expect(resolveDownloadUrl(entry, "http://mirror.corp/models/")).toBe("http://mirror.corp/models/qwen2.5-3b-instruct-q4_k_m.gguf");
  });
  it("path mirror (no trailing slash): origin replaced, full path kept", () => {
    expect(resolveDownloadUrl(entry, "http://mirror.corp:8080/hf")).toBe(
      "http://mirror.corp:8080/hf/Qwen/Qwen2.5-3B-Instruct-GGUF/resolve/main/qwen2.5-3b-instruct-q4_k_m.gguf",
    );
  });
});

describe("ModelManager import and listing", () => {
  it("imports the tiny GGUF atomically and reads its header", async () => {
    const model = await manager.importModel(tiny);
    expect(model.id).toMatch(/\.gguf$/);
    expect(model.path).toBe(join(dir, "models", model.id));
    expect(model.architecture).toBe("llama");
    expect(model.contextLength).toBe(2048);
    expect(model.hasChatTemplate).toBe(false);
    expect(model.fit).toBe("green");
    expect(model.error).toBeUndefined();
    expect((await readFile(model.path)).equals(await readFile(tiny))).toBe(true);
    const listed = await manager.listInstalled();
    expect(listed.map((m) => m.id)).toEqual([model.id]);
  });

  it("reads the chat template flag and KV shape from a header", async () => {
    const path = join(dir, "small.gguf");
    await writeFile(path, smallGguf(1024));
    const model = await manager.importModel(path);
    expect(model.architecture).toBe("qwen2");
    expect(model.contextLength).toBe(32768);
    expect(model.hasChatTemplate).toBe(true);
  });

  it("rejects a missing file with model_missing", async () => {
    await expectError(manager.importModel(join(dir, "nope.gguf")), "model_missing");
  });

  it("rejects a text file with model_invalid naming the file", async () => {
    const path = join(dir, "notes.gguf");
    await writeFile(path, "this is not a model, just some words to fill the header");
    const error = await expectError(manager.importModel(path), "model_invalid");
    expect(error.message).toContain("notes.gguf");
    expect(error.message).toContain("magic");
  });

  it("rejects a truncated GGUF whose header is cut", async () => {
    const path = join(dir, "cut.gguf");
    await writeFile(path, smallGguf(1024).subarray(0, 60));
    const error = await expectError(manager.importModel(path), "model_invalid");
    expect(error.message).toContain("cut.gguf");
    await expect(stat(join(dir, "models", "cut.gguf"))).rejects.toThrow();
  });

  it("rejects an unsupported GGUF version", async () => {
    const bytes = smallGguf(16);
    bytes.writeUInt32LE(99, 4);
    const path = join(dir, "v99.gguf");
    await writeFile(path, bytes);
    expect((await expectError(manager.importModel(path), "model_invalid")).message).toContain("version 99");
  });

  it("lists a bad file in modelsDir with an error flag instead of throwing", async () => {
    await manager.importModel(tiny);
    await writeFile(join(dir, "models", "broken.gguf"), Buffer.from("GGUF\x03\x00\x00\x00garbage"));
    const listed = await manager.listInstalled();
    const broken = listed.find((m) => m.id === "broken.gguf")!;
    expect(broken.error).toMatch(/broken\.gguf/);
    expect(broken.fit).toBe("unknown");
    expect(listed.filter((m) => !m.error)).toHaveLength(1);
  });

  it("registers an external model in place and can forget it", async () => {
    const model = await manager.registerExternal(tiny);
    expect(model.id).toBe(resolve(tiny));
    expect((await manager.listInstalled()).map((m) => m.id)).toEqual([resolve(tiny)]);
    expect(await manager.resolveModelPath(model.id)).toBe(resolve(tiny));
    await manager.remove(model.id);
    expect(await manager.listInstalled()).toEqual([]);
  });

  it("lists a file imported and then named on the command line once, by its installed name", async () => {
    // A run with --model first registered it by full path; then the welcome dialog imported it.
    await manager.registerExternal(tiny);
    const imported = await manager.importModel(tiny);
    // The next run with --model on the same file: one entry, the duplicate by full path goes.
    const again = await manager.registerExternal(tiny);
    expect(again.id).toBe(imported.id);
    expect((await manager.listInstalled()).map((m) => m.id)).toEqual([imported.id]);
  });
});

describe("ModelManager downloads", () => {
  let server: TestFileServer;
  const payload = smallGguf(64 * 1024);
  beforeEach(async () => {
    server = await startFileServer({ "/models/m.gguf": payload, "/models/page.gguf": Buffer.from("<html>login</html>".repeat(10)) });
  });
  afterEach(async () => {
    await server.close();
  });

  it("downloads by URL, checks the GGUF magic and lists the model", async () => {
    const model = await manager.download({ url: server.url("/models/m.gguf") });
    expect(model.id).toBe("m.gguf");
    expect(model.architecture).toBe("qwen2");
    expect((await manager.listInstalled()).map((m) => m.id)).toEqual(["m.gguf"]);
  });

  it("rejects a downloaded non-GGUF (an HTML page served as 200) and deletes it", async () => {
    await expectError(manager.download({ url: server.url("/models/page.gguf") }), "model_invalid");
    await expect(stat(join(dir, "models", "page.gguf"))).rejects.toThrow();
    await expect(stat(partPaths(join(dir, "models", "page.gguf")).part)).rejects.toThrow();
  });

  it("rejects unsafe file names", async () => {
    await expectError(manager.download({ url: server.url("/models/m.gguf"), fileName: "../evil.gguf" }), "bad_request");
    await expectError(manager.download({ url: server.url("/models/m.bin") }), "bad_request");
  });

  it("downloads a catalog entry through the mirror base URL", async () => {
    const catalogPath = join(dir, "catalog.json");
    await writeFile(
      catalogPath,
      JSON.stringify({
        version: 1,
        models: [{ id: "t", name: "T", kind: "chat", url: "https://huggingface.co/x/y/resolve/main/m.gguf", fileName: "m.gguf", sizeBytes: payload.length, sha256: null, ramRequiredGb: 1, parameters: "1M", quant: "F32", license: "MIT", description: { "zh-CN": "测试", en: "test" }, languages: ["en"] }],
      }),
    );
    settings = SettingsSchema.parse({ mirrorBaseUrl: server.url("/models/") });
    const mirrored = new ModelManager({ modelsDir: join(dir, "models"), catalogPath, getSettings: () => settings });
    const model = await mirrored.download({ catalogId: "t" });
    expect(model.id).toBe("m.gguf");
    expect(server.requests.map((r) => r.path)).toEqual(["/models/m.gguf"]);
    expect((await mirrored.listCatalog())[0]!.installed).toBe(true);
  });
});

describe("catalog downloads: hash check, hub endpoints, the hub token", () => {
  let server: TestFileServer;
  const payload = smallGguf(64 * 1024);
  const goodSha = createHash("sha256").update(payload).digest("hex");
  beforeEach(async () => {
    server = await startFileServer({ "/models/m.gguf": payload, "/hf/x/y/resolve/main/m.gguf": payload });
  });
  afterEach(async () => {
    await server.close();
  });

  async function catalogWith(sha256: string): Promise<string> {
    const catalogPath = join(dir, "catalog.json");
    const entry = { id: "t", name: "T", kind: "chat", url: "https://huggingface.co/x/y/resolve/main/m.gguf", fileName: "m.gguf", sizeBytes: payload.length, sha256, ramRequiredGb: 1, parameters: "1M", quant: "F32", license: "MIT", description: { "zh-CN": "测试", en: "test" }, languages: ["en"] };
    await writeFile(catalogPath, JSON.stringify({ version: 2, models: [entry] }));
    return catalogPath;
  }

  it("refuses a file from a loopback mirror whose SHA-256 differs from the catalog's, and deletes it", async () => {
    const catalogPath = await catalogWith("0".repeat(64));
    settings = SettingsSchema.parse({ mirrorBaseUrl: server.url("/models/") });
    const mirrored = new ModelManager({ modelsDir: join(dir, "models"), catalogPath, getSettings: () => settings, env: {} });
    const error = await expectError(mirrored.download({ catalogId: "t" }), "model_invalid");
    expect(error.message).toMatch(/SHA-256 mismatch.*deleted/);
    await expect(stat(join(dir, "models", "m.gguf"))).rejects.toThrow();
    await expect(stat(partPaths(join(dir, "models", "m.gguf")).part)).rejects.toThrow();
    expect((await mirrored.listCatalog())[0]!.installed).toBe(false);
  });

  it("follows HF_ENDPOINT / MODEL_ENDPOINT with the hub's path, checks the hash, and never sends the hub token there", async () => {
    const catalogPath = await catalogWith(goodSha);
    const viaEnv = (env: Record<string, string>) => new ModelManager({ modelsDir: join(dir, "models"), catalogPath, getSettings: () => settings, env });
    // MODEL_ENDPOINT wins over HF_ENDPOINT, a trailing slash changes nothing.
    const manager = viaEnv({ MODEL_ENDPOINT: server.url("/hf/"), HF_ENDPOINT: "http://127.0.0.1:9/", HF_TOKEN: "hf_secret_token" });
    const model = await manager.download({ catalogId: "t" });
    expect(model.id).toBe("m.gguf");
    expect(server.requests.map((r) => r.path)).toEqual(["/hf/x/y/resolve/main/m.gguf"]);
    expect(server.requests.every((r) => r.authorization === undefined)).toBe(true);
    // Without any mirror the token is sent, to the hub host only.
    const direct = await viaEnv({ HF_TOKEN: "hf_secret_token" }).resolveDownload({ catalogId: "t" });
    expect(direct.url).toBe("https://huggingface.co/x/y/resolve/main/m.gguf");
    expect(direct.headers).toEqual({ authorization: "Bearer hf_secret_token" });
    // The mirror setting beats the environment, and gets no token either.
    settings = SettingsSchema.parse({ mirrorBaseUrl: "http://mirror.corp/models/" });
    const setting = await viaEnv({ HF_ENDPOINT: "https://hf-mirror.com", HF_TOKEN: "hf_secret_token" }).resolveDownload({ catalogId: "t" });
    expect(setting).toMatchObject({ url: "http://mirror.corp/models/m.gguf", headers: {} });
    settings = SettingsSchema.parse({});
    await expectError(viaEnv({ HF_ENDPOINT: "not a url" }).resolveDownload({ catalogId: "t" }), "bad_request");
  });
});

describe("DownloadRegistry", () => {
  let server: TestFileServer;
  const payload = smallGguf(64 * 1024);
  beforeEach(async () => {
    server = await startFileServer({ "/m.gguf": payload }, { chunkBytes: 8 * 1024, chunkDelayMs: 15 });
  });
  afterEach(async () => {
    await server.close();
  });

  function until(statuses: DownloadStatus[], predicate: (s: DownloadStatus) => boolean): Promise<void> {
    return new Promise((resolvePromise) => {
      const timer = setInterval(() => {
        if (statuses.some(predicate)) {
          clearInterval(timer);
          resolvePromise();
        }
      }, 2);
    });
  }

  it("pauses keeping the part, resumes with a Range request, and finishes", async () => {
    const seen: DownloadStatus[] = [];
    const registry = new DownloadRegistry(manager, (s) => seen.push(s));
    const id = await registry.start({ url: server.url("/m.gguf") });
    await until(seen, (s) => (s.progress?.downloadedBytes ?? 0) > 0);
    await registry.pause(id);
    expect(registry.get(id)!.state).toBe("paused");
    const part = partPaths(join(dir, "models", "m.gguf")).part;
    const kept = (await stat(part)).size;
    expect(kept).toBeGreaterThan(0);
    server.behaviour = {};
    registry.resume(id);
    const final = await registry.settled(id);
    expect(final.state).toBe("done");
    expect(final.model?.architecture).toBe("qwen2");
    expect(server.requests.at(-1)!.range).toBe(`bytes=${kept}-`);
    expect(seen.map((s) => s.state)).toContain("paused");
  });

  it("cancels, deleting the partial file", async () => {
    const registry = new DownloadRegistry(manager);
    const seen: DownloadStatus[] = [];
    const tracked = new DownloadRegistry(manager, (s) => seen.push(s));
    const id = await tracked.start({ url: server.url("/m.gguf") });
    await until(seen, (s) => (s.progress?.downloadedBytes ?? 0) > 0);
    await tracked.cancel(id);
    expect(tracked.get(id)!.state).toBe("cancelled");
    const dest = join(dir, "models", "m.gguf");
    await expect(stat(partPaths(dest).part)).rejects.toThrow();
    await expect(stat(dest)).rejects.toThrow();
    expect(registry.list()).toEqual([]);
  });

  it("refuses a second download of the same file while one runs, and reports errors", async () => {
    const registry = new DownloadRegistry(manager);
    const id = await registry.start({ url: server.url("/m.gguf") });
    await expectError(registry.start({ url: server.url("/m.gguf") }), "conflict");
    await registry.settled(id);
    const missing = await registry.start({ url: server.url("/gone.gguf") });
    const status = await registry.settled(missing);
    expect(status.state).toBe("error");
    expect(status.error?.code).toBe("not_found");
  });
});
