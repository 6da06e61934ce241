import { describe, expect, it } from "vitest";
import { titleFromIntent } from "./titleFromIntent.js";

describe("titleFromIntent", () => {
  it("takes the instruction off a Chinese intent", () => {
    expect(titleFromIntent("写一篇关于校园节能改造的分析")).toBe("校园节能改造");
    expect(titleFromIntent("写一篇短文，介绍离线写作工具对企业的价值，约 400 字。")).toBe("离线写作工具对企业的价值");
    expect(titleFromIntent("写一篇科普短文，介绍城市雨水花园")).toBe("城市雨水花园");
    expect(titleFromIntent("请帮我写一篇文章，讨论社区图书馆延长开放时间")).toBe("社区图书馆延长开放时间");
  });

  it("takes the instruction off an English intent", () => {
    expect(titleFromIntent("Write a short article on how small teams can work offline.")).toBe("How small teams can work offline");
    expect(titleFromIntent("Write an analysis of protected bike lanes in mid-size cities")).toBe("Protected bike lanes in mid-size cities");
    expect(titleFromIntent("Write a beginner's guide to keeping a sourdough starter")).toBe("Keeping a sourdough starter");
    expect(titleFromIntent("Write an article explaining whether heat pumps work in cold climates")).toBe("Whether heat pumps work in cold climates");
  });

  it("keeps an intent that is already a topic, first line only", () => {
    expect(titleFromIntent("本地大模型在离线写作中的应用\n更多背景")).toBe("本地大模型在离线写作中的应用");
    expect(titleFromIntent("Heat pumps in cold climates")).toBe("Heat pumps in cold climates");
  });
});
