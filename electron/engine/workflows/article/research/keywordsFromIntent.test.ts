import { describe, expect, it } from "vitest";
import { keywordsFromIntent } from "./keywordsFromIntent.js";

describe("keywordsFromIntent", () => {
  it("drops the prompt's example keywords for an intent about something else", () => {
    const intent = "写一篇给社区居民看的文章，介绍新能源汽车动力电池回收的现状和政策";
    const { kept, dropped } = keywordsFromIntent(["本地大模型 部署成本", "开源模型 企业应用", "动力电池 回收", "电池回收 政策"], [intent]);
    expect(kept).toEqual(["动力电池 回收", "电池回收 政策"]);
    expect(dropped).toEqual(["本地大模型 部署成本", "开源模型 企业应用"]);
  });

  it("keeps English keywords sharing word stems with the intent, and the user's extra keywords count as a source", () => {
    const { kept, dropped } = keywordsFromIntent(["deploying local models", "data privacy compliance", "GPU pricing"], ["An article on deployment of local models for hospitals", "GPU"]);
    expect(kept).toEqual(["deploying local models", "GPU pricing"]);
    expect(dropped).toEqual(["data privacy compliance"]);
  });
});
