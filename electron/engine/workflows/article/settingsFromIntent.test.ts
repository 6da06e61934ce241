import { describe, expect, it } from "vitest";
import { settingsFromIntent } from "./settingsFromIntent.js";

describe("settingsFromIntent", () => {
  it("keeps what the user set, fills a left-out setting only from the intent's words, else the brief's default", () => {
    expect(settingsFromIntent({ intent: "本地大模型" }, { target_audience: "技术负责人" }, "zh")).toEqual({
      article_type: "analysis",
      target_audience: "普通读者",
      word_count_target: 800,
      sources: { article_type: "default", target_audience: "default", word_count_target: "default" },
    });
    expect(settingsFromIntent({ intent: "给工程师写一篇 1500 字的新闻稿" }, { target_audience: "工程师" }, "zh")).toMatchObject({
      article_type: "news",
      target_audience: "工程师",
      word_count_target: 1500,
      sources: { article_type: "intent", target_audience: "intent", word_count_target: "intent" },
    });
    expect(settingsFromIntent({ intent: "a 1500 words news piece", article_type: "feature", target_audience: "CTOs", word_count_target: 600 }, { target_audience: "x" }, "en")).toMatchObject({
      article_type: "feature",
      target_audience: "CTOs",
      word_count_target: 600,
      sources: { article_type: "user", target_audience: "user", word_count_target: "user" },
    });
    expect(settingsFromIntent({ intent: "local models" }, { target_audience: "managers" }, "en").target_audience).toBe("general readers");
  });
});
