import { json, startJsonServer, type TestJsonServer } from "../../electron/engine/testing/testJsonServer.js";
import type { ProviderConfig } from "../../shared/providers.js";

/** The bearer key the mock expects; requests without it get 401. */
export const INTRANET_KEY = "intranet-secret-key-0042";

/**
 * A real HTTP intranet search endpoint on 127.0.0.1 with its own field names: two results per
 * query under `data.items`, titles derived from the query so each query finds new records.
 */
export async function startIntranetMock(): Promise<TestJsonServer> {
  return startJsonServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${INTRANET_KEY}`) return json(res, { error: "unauthorized" }, 401);
    const query = String((JSON.parse(req.body || "{}") as { query?: unknown }).query ?? "");
    json(res, {
      data: {
        items: [1, 2].map((n) => ({
          uuid: `intra-${query}-${n}`,
          headline: `内网报道：${query} 第${n}篇`,
          summary: `内网资料摘要，关于${query}的进展与数据，第${n}条。`,
          origin: "集团内网新闻",
          link: `http://intranet.example/news/${encodeURIComponent(query)}/${n}`,
          score: n === 1 ? 0.9 : 0.7,
          date: "2024-03-0" + n,
        })),
      },
    });
  });
}

/** How the user would describe the mock in Settings → Search providers. */
export function intranetConfig(url: string, name = "内网新闻"): ProviderConfig {
  return {
    name,
    enabled: true,
    baseUrl: url,
    method: "POST",
    headers: {},
    bodyTemplate: '{"query": "{query}", "max_results": {max_results}}',
    resultsPath: "data.items",
    fieldMap: { title: "headline", content: "summary", source: "origin", url: "link", relevance_score: "score", recUuid: "uuid", published_at: "date" },
    timeouts: { connectMs: 2_000, headersMs: 5_000, totalMs: 10_000 },
    maxResponseBytes: 1_000_000,
    hasKey: false,
  };
}
