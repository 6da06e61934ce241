import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MaterialSchema } from "../../../shared/knowledge.js";
import { ProviderConfigSchema, type ProviderConfig } from "../../../shared/providers.js";
import { IntranetHttpProvider } from "./IntranetHttpProvider.js";
import { json, startJsonServer, type TestJsonServer } from "../testing/testJsonServer.js";
import { expectError } from "../testing/expectError.js";

let server: TestJsonServer;
beforeEach(async () => {
  server = await startJsonServer((_req, res) => json(res, []));
});
afterEach(async () => {
  await server.close();
});

const fast = { backoffBaseMs: 5, backoffCapMs: 20 };

function config(overrides: Partial<ProviderConfig> = {}): ProviderConfig {
  return ProviderConfigSchema.parse({
    name: "内网搜索",
    baseUrl: server.url,
    bodyTemplate: '{"q": "{query}", "size": {max_results}, "from": "{date_from}"}',
    resultsPath: "data.hits",
    fieldMap: { title: "headline", content: "body.text", published_at: "meta.date", relevance_score: "score", recUuid: "docId", url: "link", source: "dept" },
    timeouts: { connectMs: 1_000, headersMs: 1_000, totalMs: 2_000 },
    ...overrides,
  });
}

const hits = [
  { headline: "大模型写作", body: { text: "x".repeat(900) }, meta: { date: "2026-01-02" }, score: 12, docId: 7, link: "http://intra/doc/7", dept: "研究院" },
  { headline: "Second", body: { text: "short" }, score: 3, docId: "b", link: "javascript:alert(1)" },
];


describe("IntranetHttpProvider", () => {
  it("maps renamed fields, escapes the query into the body and sends the bearer key", async () => {
    server.handler = (_req, res) => json(res, { data: { hits } });
    const provider = new IntranetHttpProvider({ config: config(), apiKey: "sk-secret", ...fast });
    const materials = await provider.search('say "hi" \\ 你好', { limit: 10, dateFrom: "2026-01-01" });
    const request = server.requests[0]!;
    expect(request.method).toBe("POST");
    expect(JSON.parse(request.body)).toEqual({ q: 'say "hi" \\ 你好', size: 10, from: "2026-01-01" });
    expect(request.headers.authorization).toBe("Bearer sk-secret");
    expect(materials).toHaveLength(2);
    for (const material of materials) expect(() => MaterialSchema.parse(material)).not.toThrow();
    const [first, second] = materials;
    expect(first).toMatchObject({ title: "大模型写作", source: "研究院", published_at: "2026-01-02", recUuid: "7", url: "http://intra/doc/7", source_type: "intranet", relevance_score: 1 });
    expect(first!.content).toHaveLength(500);
    expect(second).toMatchObject({ title: "Second", source: "内网搜索", url: null, relevance_score: 0 });
  });

  it("carries the intranet's department, classification and extra_metadata onto the material (bounded, scalars only)", async () => {
    const items = [
      { title: "内部报告", content: "正文", department: "研究院", classification: "内部", extra_metadata: { author: "张三", pages: 12, draft: false, nested: { x: 1 }, long: "y".repeat(300) } },
      { title: "Plain", content: "c" },
    ];
    server.handler = (_req, res) => json(res, { items });
    const provider = new IntranetHttpProvider({ config: config({ resultsPath: "items", fieldMap: {} }), ...fast });
    const [first, second] = await provider.search("q", { limit: 5 });
    expect(first).toMatchObject({ department: "研究院", classification: "内部", extra_metadata: { author: "张三", pages: 12, draft: false } });
    expect(first!.extra_metadata).not.toHaveProperty("nested");
    expect(String(first!.extra_metadata!.long)).toHaveLength(200);
    expect(() => MaterialSchema.parse(first)).not.toThrow();
    expect(second).not.toHaveProperty("department");
  });

  it("GET providers put the template into the query string", async () => {
    server.handler = (_req, res) => json(res, { data: { hits } });
    const provider = new IntranetHttpProvider({ config: config({ method: "GET", bodyTemplate: "q={query}&n={max_results}" }), ...fast });
    await provider.search("a&b c", { limit: 3 });
    const url = new URL(server.requests[0]!.url, "http://x");
    expect(url.searchParams.get("q")).toBe("a&b c");
    expect(url.searchParams.get("n")).toBe("3");
    expect(server.requests[0]!.method).toBe("GET");
  });

  it("drops and counts bad items, never failing the search", async () => {
    server.handler = (_req, res) => json(res, { data: { hits: [...hits, { headline: "" }, { body: { text: "no title" } }, "not an object", { headline: { nested: true } }] } });
    const provider = new IntranetHttpProvider({ config: config(), ...fast });
    const result = await provider.test("q");
    expect(result.ok).toBe(true);
    expect(result.materials).toHaveLength(2);
    expect(result.dropped).toBe(4);
    expect(result.raw).toMatchObject({ data: { hits: expect.any(Array) } });
    expect(result.error).toBeNull();
  });

  it("normalises scores already in 0..1 as they are and missing scores by rank", async () => {
    server.handler = (_req, res) => json(res, { data: { hits: [{ headline: "a", score: 0.4 }, { headline: "b", score: 0.9 }] } });
    const scored = await new IntranetHttpProvider({ config: config(), ...fast }).search("q", { limit: 5 });
    expect(scored.map((m) => m.relevance_score)).toEqual([0.4, 0.9]);
    server.handler = (_req, res) => json(res, { data: { hits: [{ headline: "a" }, { headline: "b" }] } });
    const ranked = await new IntranetHttpProvider({ config: config(), ...fast }).search("q", { limit: 5 });
    expect(ranked[0]!.relevance_score).toBeGreaterThan(ranked[1]!.relevance_score);
  });

  it("times out a slow response (headers never come) after 3 attempts", async () => {
    server.handler = () => {
      /* never answer */
    };
    const provider = new IntranetHttpProvider({ config: config({ timeouts: { connectMs: 500, headersMs: 150, totalMs: 1_000 } }), ...fast });
    const error = await expectError(provider.search("q", { limit: 5 }), "unavailable");
    expect(error.message).toContain("No response headers within 150 ms");
    expect(server.requests).toHaveLength(3);
  });

  it("a trickling body trips the total deadline", async () => {
    server.handler = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write("[");
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(" ")), 20);
    };
    const provider = new IntranetHttpProvider({ config: config({ resultsPath: "", timeouts: { connectMs: 500, headersMs: 500, totalMs: 200 } }), maxAttempts: 1 });
    const error = await expectError(provider.search("q", { limit: 5 }), "unavailable");
    expect(error.message).toContain("within 200 ms");
  });

  it("retries 500s and reports the last failure", async () => {
    server.handler = (_req, res) => json(res, { error: "boom" }, 500);
    const provider = new IntranetHttpProvider({ config: config(), ...fast });
    const error = await expectError(provider.search("q", { limit: 5 }), "unavailable");
    expect(error.message).toContain("HTTP 500");
    expect(error.details).toMatchObject({ provider: "内网搜索" });
    expect(server.requests).toHaveLength(3);
  });

  it("recovers when a retry succeeds after a 503 and a 429 with Retry-After", async () => {
    server.handler = (_req, res, index) => {
      if (index === 1) return json(res, {}, 503);
      if (index === 2) return res.writeHead(429, { "retry-after": "0" }).end();
      json(res, { data: { hits } });
    };
    const materials = await new IntranetHttpProvider({ config: config(), ...fast }).search("q", { limit: 5 });
    expect(materials).toHaveLength(2);
    expect(server.requests).toHaveLength(3);
  });

  it("does not retry other 4xx", async () => {
    server.handler = (_req, res) => json(res, { error: "bad key" }, 401);
    const error = await expectError(new IntranetHttpProvider({ config: config(), ...fast }).search("q", { limit: 5 }), "unavailable");
    expect(error.message).toContain("HTTP 401");
    expect(server.requests).toHaveLength(1);
  });

  it("retries a connection cut mid-body", async () => {
    server.handler = (_req, res, index) => {
      if (index === 1) {
        res.writeHead(200, { "content-type": "application/json", "content-length": 1000 });
        res.write('{"data": {"hits": [', () => res.socket?.destroy());
        return;
      }
      json(res, { data: { hits } });
    };
    const materials = await new IntranetHttpProvider({ config: config(), ...fast }).search("q", { limit: 5 });
    expect(materials).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });

  it("aborts an oversized body at the cap without retrying", async () => {
    server.handler = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", pump);
      };
      pump();
    };
    const provider = new IntranetHttpProvider({ config: config({ maxResponseBytes: 100_000 }), ...fast });
    const error = await expectError(provider.search("q", { limit: 5 }), "unavailable");
    expect(error.message).toContain("100000-byte limit");
    expect(server.requests).toHaveLength(1);
  });

  it("reports malformed JSON without retrying; test() shows the raw text", async () => {
    server.handler = (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>login</html>");
    const provider = new IntranetHttpProvider({ config: config(), ...fast });
    const error = await expectError(provider.search("q", { limit: 5 }), "unavailable");
    expect(error.message).toContain("Malformed JSON");
    expect(server.requests).toHaveLength(1);
    const result = await provider.test("q");
    expect(result).toMatchObject({ ok: false, raw: "<html>login</html>", materials: [], dropped: 0 });
    expect(result.error).toContain("Malformed JSON");
  });

  it("reports a results path that is not an array", async () => {
    server.handler = (_req, res) => json(res, { data: { hits: { not: "array" } } });
    const error = await expectError(new IntranetHttpProvider({ config: config(), ...fast }).search("q", { limit: 5 }), "unavailable");
    expect(error.message).toContain("data.hits");
  });

  it("opens the breaker after N consecutive failures, fails fast, then recovers through one probe", async () => {
    let now = 0;
    server.handler = (_req, res) => json(res, {}, 500);
    const provider = new IntranetHttpProvider({ config: config(), maxAttempts: 1, breaker: { failureThreshold: 2, cooldownMs: 30_000, now: () => now } });
    await expectError(provider.search("q", { limit: 1 }), "unavailable");
    await expectError(provider.search("q", { limit: 1 }), "unavailable");
    expect(provider.breaker.state).toBe("open");
    const fastFail = await expectError(provider.search("q", { limit: 1 }), "unavailable");
    expect(fastFail.details).toMatchObject({ breaker: "open" });
    expect(server.requests).toHaveLength(2);
    now += 30_000;
    expect(provider.breaker.state).toBe("half_open");
    server.handler = (_req, res) => json(res, { data: { hits } });
    expect(await provider.search("q", { limit: 5 })).toHaveLength(2);
    expect(provider.breaker.state).toBe("closed");
  });

  it("a failed probe re-opens the breaker", async () => {
    let now = 0;
    server.handler = (_req, res) => json(res, {}, 500);
    const provider = new IntranetHttpProvider({ config: config(), maxAttempts: 1, breaker: { failureThreshold: 1, cooldownMs: 1_000, now: () => now } });
    await expectError(provider.search("q", { limit: 1 }), "unavailable");
    now += 1_000;
    await expectError(provider.search("q", { limit: 1 }), "unavailable");
    expect(provider.breaker.state).toBe("open");
    expect(server.requests).toHaveLength(2);
  });

  it("cancels in flight and reports aborted", async () => {
    server.handler = () => {
      /* hang */
    };
    const controller = new AbortController();
    const provider = new IntranetHttpProvider({ config: config({ timeouts: { connectMs: 1_000, headersMs: 10_000, totalMs: 20_000 } }), ...fast });
    const pending = provider.search("q", { limit: 1, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expectError(pending, "aborted");
    expect(provider.breaker.state).toBe("closed");
  });

  it("healthCheck reports ok and failure without throwing", async () => {
    server.handler = (_req, res) => json(res, { data: { hits } });
    const ok = await new IntranetHttpProvider({ config: config() }).healthCheck();
    expect(ok.ok).toBe(true);
    server.handler = (_req, res) => json(res, {}, 500);
    const bad = await new IntranetHttpProvider({ config: config() }).healthCheck();
    expect(bad.ok).toBe(false);
    expect(bad.message).toContain("HTTP 500");
  });

  it("counts decompressed bytes against the cap (gzip bomb)", async () => {
    const bomb = gzipSync(Buffer.alloc(20_000_000, 0x20));
    server.handler = (_req, res) => res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": bomb.length }).end(bomb);
    const provider = new IntranetHttpProvider({ config: config({ maxResponseBytes: 1_000_000 }), ...fast });
    expect(bomb.length).toBeLessThan(1_000_000);
    const error = await expectError(provider.search("q", { limit: 5 }), "unavailable");
    expect(error.message).toContain("1000000-byte limit");
  });

  it("reads gzip-encoded JSON", async () => {
    const body = gzipSync(JSON.stringify({ data: { hits } }));
    server.handler = (_req, res) => res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end(body);
    expect(await new IntranetHttpProvider({ config: config(), ...fast }).search("q", { limit: 5 })).toHaveLength(2);
  });

  it("GET with a JSON template becomes query parameters, empty dates left out", async () => {
    server.handler = (_req, res) => json(res, { data: { hits } });
    const provider = new IntranetHttpProvider({ config: config({ method: "GET", baseUrl: `${server.url}?lang=zh`, bodyTemplate: '{"q": "{query}", "n": {max_results}, "to": "{date_to}"}' }), ...fast });
    await provider.search("x y", { limit: 2 });
    const url = new URL(server.requests[0]!.url, "http://x");
    expect(Object.fromEntries(url.searchParams)).toEqual({ lang: "zh", q: "x y", n: "2" });
  });

  it("keeps at most maxConcurrent requests in flight (bulkhead)", async () => {
    let inFlight = 0;
    let peak = 0;
    server.handler = (_req, res) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      setTimeout(() => {
        inFlight--;
        json(res, { data: { hits } });
      }, 30);
    };
    const provider = new IntranetHttpProvider({ config: config(), maxConcurrent: 2, ...fast });
    const results = await Promise.all(Array.from({ length: 6 }, () => provider.search("q", { limit: 5 })));
    expect(results.every((r) => r.length === 2)).toBe(true);
    expect(peak).toBe(2);
    expect(server.requests).toHaveLength(6);
  });

  it("rejects a body template that does not give JSON", async () => {
    const provider = new IntranetHttpProvider({ config: config({ bodyTemplate: '{"q": {query}}' }), ...fast });
    await expectError(provider.search("free text", { limit: 5 }), "bad_request");
    expect(server.requests).toHaveLength(0);
  });
});
