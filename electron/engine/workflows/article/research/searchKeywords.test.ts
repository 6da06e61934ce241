import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProviderConfigSchema } from "../../../../../shared/providers.js";
import { IntranetHttpProvider } from "../../../search/IntranetHttpProvider.js";
import { SearchService } from "../../../search/SearchService.js";
import { json, startJsonServer, type TestJsonServer } from "../../../testing/testJsonServer.js";
import { withNotes } from "../../common/nodeRuntime.js";
import { summaryLines } from "../stepLines.js";
import { searchKeywords, searchNotes } from "./searchKeywords.js";
import type { UnavailableProvider } from "./searchKeywords.js";

/** The notes a search adds to the materials line, in plain text and as the UI's messages. */
const notes = (locale: "zh" | "en", unavailable: UnavailableProvider[], failed: string[] = []) => {
  const line = withNotes(summaryLines.materials(locale, 0, 0), ...searchNotes(locale, failed, unavailable));
  return { text: line.text.slice(summaryLines.materials(locale, 0, 0).text.length), messages: line.message.notes ?? [] };
};

// An enabled intranet plug-in that fails during research must be named in the step's
// summary (the timeline line), not dropped silently while the other sources still count.
describe("searchKeywords reports failing search providers", () => {
  let good: TestJsonServer;
  let broken: TestJsonServer;
  beforeEach(async () => {
    good = await startJsonServer((_req, res) => json(res, [{ title: "好结果", content: "c", relevance_score: 0.8, recUuid: "g1" }]));
    broken = await startJsonServer((_req, res) => {
      res.statusCode = 500;
      res.end("down");
    });
  });
  afterEach(async () => {
    await good.close();
    await broken.close();
  });

  const provider = (name: string, baseUrl: string) =>
    new IntranetHttpProvider({
      config: ProviderConfigSchema.parse({ name, baseUrl, timeouts: { connectMs: 500, headersMs: 2_000, totalMs: 4_000 } }),
      maxAttempts: 1,
    });

  it("keeps the working provider's hits and names the failed one once, however many keywords", async () => {
    const service = new SearchService({ providers: () => [provider("good", good.url), provider("内网A", broken.url)], perProviderTimeoutMs: 3_000 });
    const result = await searchKeywords(service, ["一", "二"], "zh", undefined);
    expect(result.hits).toBe(2);
    expect(result.failed).toEqual([]);
    expect(result.unavailable).toEqual([{ provider: "内网A", sourceType: "intranet" }]);
    expect(notes("zh", result.unavailable).text).toBe("（内网搜索不可用，本次只用了本地知识库：内网A）");
    expect(notes("en", result.unavailable).text).toContain("intranet search unavailable");
    // The UI's message names the provider in either language, whatever the document's language.
    expect(notes("zh", result.unavailable).messages).toEqual([{ key: "intranetUnavailable", params: { providers: { zh: "内网A", en: "内网A" } } }]);
  });

  it("says nothing when every provider answered", async () => {
    const service = new SearchService({ providers: () => [provider("good", good.url)] });
    const result = await searchKeywords(service, ["一"], "zh", undefined);
    expect(result.unavailable).toEqual([]);
    expect(notes("zh", result.unavailable)).toEqual({ text: "", messages: [] });
  });

  it("calls a failing local library by its own name, not the intranet", () => {
    expect(notes("zh", [{ provider: "library", sourceType: "library" }]).text).toBe("（本地知识库检索失败）");
    expect(notes("en", [], ["a", "b"]).text).toBe(" (2 searches failed)");
  });
});
