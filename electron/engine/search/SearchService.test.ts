import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Material } from "../../../shared/knowledge.js";
import { ProviderConfigSchema } from "../../../shared/providers.js";
import { IntranetHttpProvider } from "./IntranetHttpProvider.js";
import type { SearchProvider } from "./SearchProvider.js";
import { mergeMaterials, normaliseTitle, SearchService } from "./SearchService.js";
import { json, startJsonServer, type TestJsonServer } from "../testing/testJsonServer.js";

function material(overrides: Partial<Material>): Material {
  return { id: "x", title: "t", content: "", source: "s", published_at: null, relevance_score: 0.5, source_type: "intranet", url: null, recUuid: null, ...overrides };
}

describe("mergeMaterials", () => {
  it("de-duplicates by recUuid, URL and normalised title, keeping the most relevant copy", () => {
    const merged = mergeMaterials(
      [
        [material({ id: "a1", title: "AI 写作", relevance_score: 0.4, recUuid: "r1" }), material({ id: "a2", title: "Other", url: "http://h/p/", relevance_score: 0.3 })],
        [material({ id: "b1", title: "different", recUuid: "r1", relevance_score: 0.9 }), material({ id: "b2", title: "third", url: "http://H/p", relevance_score: 0.2 }), material({ id: "b3", title: "“ai写作”", relevance_score: 0.1 })],
      ],
      10,
    );
    expect(merged.map((m) => m.id)).toEqual(["b1", "a2"]);
  });

  it("ranks by relevance and respects the limit", () => {
    const merged = mergeMaterials([[material({ id: "1", title: "a", relevance_score: 0.1 }), material({ id: "2", title: "b", relevance_score: 0.8 })], [material({ id: "3", title: "c", relevance_score: 0.5 })]], 2);
    expect(merged.map((m) => m.id)).toEqual(["2", "3"]);
  });

  it("normalises titles across width, case and punctuation", () => {
    expect(normaliseTitle("ＡＩ 写作：入门!")).toBe(normaliseTitle("ai写作入门"));
  });
});

describe("SearchService fan-out over real HTTP providers", () => {
  let good: TestJsonServer;
  let slow: TestJsonServer;
  beforeEach(async () => {
    good = await startJsonServer((_req, res) => json(res, [{ title: "好结果", content: "c", relevance_score: 0.8, recUuid: "g1" }, { title: "second", relevance_score: 0.2 }]));
    slow = await startJsonServer(() => {
      /* never answers */
    });
  });
  afterEach(async () => {
    await good.close();
    await slow.close();
  });

  const provider = (name: string, baseUrl: string) =>
    new IntranetHttpProvider({
      config: ProviderConfigSchema.parse({ name, baseUrl, timeouts: { connectMs: 500, headersMs: 5_000, totalMs: 10_000 } }),
      maxAttempts: 1,
    });

  it("merges results while a dead provider and a slow one are reported, not fatal", async () => {
    const dead = provider("dead", "http://127.0.0.1:9/search");
    const service = new SearchService({ providers: () => [dead, provider("good", good.url), provider("slow", slow.url)], perProviderTimeoutMs: 1_500 });
    const result = await service.searchDetailed("q", { limit: 5 });
    expect(result.materials.map((m) => m.title)).toEqual(["好结果", "second"]);
    const byName = Object.fromEntries(result.reports.map((r) => [r.provider, r]));
    expect(byName.good).toMatchObject({ ok: true, count: 2, error: null });
    expect(byName.dead!.ok).toBe(false);
    expect(byName.dead!.error).toBeTruthy();
    expect(byName.slow).toMatchObject({ ok: false, count: 0 });
    expect(byName.slow!.error).toContain("1500 ms");
    // ResearchSearch shape: the failed providers are told to the caller, the good one's results kept.
    const failures: Array<{ provider: string; message: string }> = [];
    expect((await service.search("q", { limit: 1, locale: "zh", onProviderFailure: (f) => failures.push(f) })).map((m) => m.title)).toEqual(["好结果"]);
    expect(failures.map((f) => f.provider).sort()).toEqual(["dead", "slow"]);
    expect(failures.every((f) => f.message.length > 0)).toBe(true);
  });

  it("healthCheck reports every provider's own health check against real local servers, a dead one as not ok", async () => {
    const service = new SearchService({ providers: () => [provider("good", good.url), provider("dead", "http://127.0.0.1:9/search")] });
    const health = await service.healthCheck();
    expect(health.map((h) => [h.name, h.source_type, h.ok])).toEqual([
      ["good", "intranet", true],
      ["dead", "intranet", false],
    ]);
    expect(health[1]?.message).toBeTruthy();
  });

  it("searches only the providers asked for", async () => {
    const service = new SearchService({ providers: () => [provider("good", good.url), provider("slow", slow.url)], perProviderTimeoutMs: 1_500 });
    const result = await service.searchDetailed("q", { limit: 5, providers: ["good"] });
    expect(result.reports.map((r) => r.provider)).toEqual(["good"]);
  });

  it("a provider that throws synchronously-rejected errors does not break the others", async () => {
    const broken: SearchProvider = {
      name: "broken",
      sourceType: "library",
      search: () => Promise.reject(new Error("db locked")),
      healthCheck: () => Promise.resolve({ ok: false, message: "", elapsedMs: 0 }),
    };
    const service = new SearchService({ providers: async () => [broken, provider("good", good.url)] });
    const result = await service.searchDetailed("q", { limit: 5 });
    expect(result.materials).toHaveLength(2);
    expect(result.reports.find((r) => r.provider === "broken")).toMatchObject({ ok: false, error: "db locked" });
  });

  it("cancellation aborts the whole search", async () => {
    const service = new SearchService({ providers: () => [provider("slow", slow.url)], perProviderTimeoutMs: 10_000 });
    const controller = new AbortController();
    const pending = service.searchDetailed("q", { limit: 5, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ code: "aborted" });
  });
});

describe("SearchService with a run's scope", () => {
  it("asks only the providers that honour a scope, and hands them the scope; an intranet provider gets no request", async () => {
    let intranetRequests = 0;
    const intranet = await startJsonServer((_req, res) => {
      intranetRequests++;
      json(res, [{ title: "from the intranet", relevance_score: 0.9 }]);
    });
    try {
      const seen: unknown[] = [];
      const scoped: SearchProvider = {
        name: "library",
        sourceType: "library",
        scopable: true,
        search: async (_query, options) => {
          seen.push(options.scope);
          return [material({ id: "l1", title: "inside the scope", source_type: "library" })];
        },
        healthCheck: async () => ({ ok: true, message: "", elapsedMs: 0 }),
      };
      const http = new IntranetHttpProvider({ config: ProviderConfigSchema.parse({ name: "intra", baseUrl: intranet.url }), maxAttempts: 1 });
      const service = new SearchService({ providers: () => [scoped, http] });
      const inScope = await service.search("q", { limit: 5, scope: { folders: ["/notes"] } });
      expect(inScope.map((m) => m.title)).toEqual(["inside the scope"]);
      expect(seen).toEqual([{ folders: ["/notes"] }]);
      expect(intranetRequests).toBe(0);
      // Unscoped, the same service still asks everyone.
      const all = await service.search("q", { limit: 5 });
      expect(all.map((m) => m.title).sort()).toEqual(["from the intranet", "inside the scope"]);
      expect(intranetRequests).toBe(1);
    } finally {
      await intranet.close();
    }
  });
});
