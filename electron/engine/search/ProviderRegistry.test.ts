import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileSecretStore } from "./FileSecretStore.js";
import { ProviderRegistry } from "./ProviderRegistry.js";
import { json, startJsonServer, type TestJsonServer } from "../testing/testJsonServer.js";

let dir: string;
let server: TestJsonServer;
let secrets: FileSecretStore;
let registry: ProviderRegistry;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "scriptorium-prov-"));
  server = await startJsonServer((_req, res) => json(res, [{ title: "t" }]));
  secrets = new FileSecretStore(join(dir, "secrets.json"));
  registry = new ProviderRegistry({ filePath: join(dir, "providers.json"), secrets });
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("FileSecretStore", () => {
  it("keeps secrets in a 0600 file and survives a new instance", async () => {
    await secrets.set("a", "1");
    await secrets.set("b", "2");
    await secrets.delete("a");
    const again = new FileSecretStore(join(dir, "secrets.json"));
    expect(await again.get("a")).toBeNull();
    expect(await again.get("b")).toBe("2");
    if (process.platform !== "win32") expect((await stat(join(dir, "secrets.json"))).mode & 0o777).toBe(0o600);
  });

  it("serialises concurrent writes without losing keys", async () => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => secrets.set(`k${i}`, `v${i}`)));
    for (let i = 0; i < 10; i++) expect(await secrets.get(`k${i}`)).toBe(`v${i}`);
  });
});

describe("ProviderRegistry", () => {
  it("saves, lists (hasKey only), updates and deletes providers; keys stay out of the config file", async () => {
    const saved = await registry.save({ config: { name: "docs", baseUrl: server.url }, apiKey: "sk-very-secret" });
    expect(saved.hasKey).toBe(true);
    const listed = await registry.list();
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain("sk-very-secret");
    expect(await readFile(join(dir, "providers.json"), "utf8")).not.toContain("sk-very-secret");
    expect(await secrets.get("provider:docs")).toBe("sk-very-secret");

    const updated = await registry.save({ config: { name: "docs", baseUrl: server.url, resultsPath: "items" } });
    expect(updated).toMatchObject({ hasKey: true, resultsPath: "items" });
    const removedKey = await registry.save({ config: { name: "docs", baseUrl: server.url }, apiKey: null });
    expect(removedKey.hasKey).toBe(false);

    await registry.save({ config: { name: "second", baseUrl: server.url, enabled: false } });
    expect((await registry.list()).map((p) => p.name).sort()).toEqual(["docs", "second"]);
    expect((await registry.enabledProviders()).map((p) => p.name)).toEqual(["docs"]);

    await registry.delete("docs");
    expect((await registry.list()).map((p) => p.name)).toEqual(["second"]);
    await expect(registry.delete("docs")).rejects.toMatchObject({ code: "not_found" });
  });

  it("rejects invalid configs", async () => {
    await expect(registry.save({ config: { name: "bad/name", baseUrl: server.url } })).rejects.toThrow();
    await expect(registry.save({ config: { name: "x", baseUrl: "not a url" } })).rejects.toThrow();
  });

  it("built providers carry the key and are cached until the config changes", async () => {
    await registry.save({ config: { name: "docs", baseUrl: server.url }, apiKey: "k1" });
    const first = await registry.provider("docs");
    expect(await registry.provider("docs")).toBe(first);
    await first.search("q", { limit: 1 });
    expect(server.requests[0]!.headers.authorization).toBe("Bearer k1");
    await registry.save({ config: { name: "docs", baseUrl: server.url }, apiKey: "k2" });
    const second = await registry.provider("docs");
    expect(second).not.toBe(first);
    await second.search("q", { limit: 1 });
    expect(server.requests[1]!.headers.authorization).toBe("Bearer k2");
  });

  it("tests an unsaved draft config with the stored key", async () => {
    await registry.save({ config: { name: "docs", baseUrl: server.url }, apiKey: "k1" });
    const draft = await registry.draftProvider({ name: "docs", baseUrl: server.url, fieldMap: { title: "title" } });
    const result = await draft.test("测试");
    expect(result).toMatchObject({ ok: true, dropped: 0 });
    expect(result.materials[0]!.title).toBe("t");
    expect(server.requests[0]!.headers.authorization).toBe("Bearer k1");
  });
});
