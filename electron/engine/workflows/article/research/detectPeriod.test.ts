import { describe, expect, it } from "vitest";
import { detectPeriod } from "./detectPeriod.js";

describe("detectPeriod", () => {
  it("reads ranges, open starts, months and years in zh and en", () => {
    expect(detectPeriod("回顾 2022年至2024年 的本地大模型")).toEqual({ dateFrom: "2022-01-01", dateTo: "2024-12-31" });
    expect(detectPeriod("local AI 2024–2022")).toEqual({ dateFrom: "2022-01-01", dateTo: "2024-12-31" });
    expect(detectPeriod("AI chips since 2023")).toEqual({ dateFrom: "2023-01-01" });
    expect(detectPeriod("2023年以来的芯片出口")).toEqual({ dateFrom: "2023-01-01" });
    expect(detectPeriod("2024年2月的发布会")).toEqual({ dateFrom: "2024-02-01", dateTo: "2024-02-29" });
    expect(detectPeriod("the launches of March 2023")).toEqual({ dateFrom: "2023-03-01", dateTo: "2023-03-31" });
    expect(detectPeriod("写一篇 2024年 行业回顾")).toEqual({ dateFrom: "2024-01-01", dateTo: "2024-12-31" });
    expect(detectPeriod("what changed in 2021")).toEqual({ dateFrom: "2021-01-01", dateTo: "2021-12-31" });
  });
  it("names no period for intents without one (numbers that are not years included)", () => {
    expect(detectPeriod("写一篇关于本地大模型的文章")).toEqual({});
    expect(detectPeriod("A 1500 word piece on 3090 GPUs")).toEqual({});
  });
});
