import { describe, expect, it } from "vitest";
import { formatReferences } from "./formatReferences.js";
import { parseReferences } from "./parseReferences.js";

// GB/T 7714-2015 §4.8 / §8.8 and Appendix A: an online resource is 题名[EB/OL]. (更新或修改日期)[引用日期]. URL.
// — the update date only when known, the access date from BibTeX `urldate` (CSL `accessed`).
const BIB = `@misc{stats, author={{国家统计局}}, title={2025年国民经济和社会发展统计公报}, date={2026-02-28}, url={https://www.stats.gov.cn/x.html}, urldate={2026-03-01}}
@online{smith, author={Smith, John}, title={A web page}, date={2025-05-02}, url={https://example.org/a}, urldate={2026-01-15}}
@software{doe, author={Doe, Jane}, title={Tool}, year={2024}, url={https://github.com/x/y}, urldate={2026-02-02}}
@misc{roe, author={Roe, Richard}, title={A note without a link}, year={2020}}`;
const CSL_WEBPAGE = { id: "w3c", type: "webpage", title: "HTML 5.2", author: [{ literal: "W3C" }], URL: "https://www.w3.org/TR/html52/", accessed: { "date-parts": [[2024, 5, 1]] } };
const items = () => parseReferences(BIB, "bibtex");
const byId = (style: Parameters<typeof formatReferences>[1], list = items()) => new Map(formatReferences(list, style).map((r) => [r.id, r.text]));

describe("GB/T 7714-2015 online resources, numeric (顺序编码制)", () => {
  it("@misc with url and urldate: [EB/OL], (update date)[access date], not [Z]", () => {
    expect(byId("gb-t-7714").get("stats")).toBe("[1] 国家统计局. 2025年国民经济和社会发展统计公报[EB/OL]. (2026-02-28)[2026-03-01]. https://www.stats.gov.cn/x.html.");
  });
  it("@online", () => {
    expect(byId("gb-t-7714").get("smith")).toBe("[2] SMITH J. A web page[EB/OL]. (2025-05-02)[2026-01-15]. https://example.org/a.");
  });
  it("@software", () => {
    expect(byId("gb-t-7714").get("doe")).toBe("[3] DOE J. Tool[EB/OL]. (2024)[2026-02-02]. https://github.com/x/y.");
  });
  it("a CSL webpage without a known update date has the access date alone", () => {
    expect(formatReferences([CSL_WEBPAGE], "gb-t-7714")[0]!.text).toBe("[1] W3C. HTML 5.2[EB/OL]. [2024-05-01]. https://www.w3.org/TR/html52/.");
  });
  it("@misc without a link stays [Z]", () => {
    expect(byId("gb-t-7714").get("roe")).toBe("[4] ROE R. A note without a link[Z]. 2020.");
  });
});

describe("GB/T 7714-2015 online resources, author-year (著者-出版年制)", () => {
  it("@misc: the year after the author, then [EB/OL] with both dates", () => {
    expect(byId("gb-t-7714-author-date").get("stats")).toBe("国家统计局, 2026. 2025年国民经济和社会发展统计公报[EB/OL]. (2026-02-28)[2026-03-01]. https://www.stats.gov.cn/x.html.");
  });
  it("@online", () => {
    expect(byId("gb-t-7714-author-date").get("smith")).toBe("SMITH J, 2025. A web page[EB/OL]. (2025-05-02)[2026-01-15]. https://example.org/a.");
  });
  it("@software", () => {
    expect(byId("gb-t-7714-author-date").get("doe")).toBe("DOE J, 2024. Tool[EB/OL]. (2024)[2026-02-02]. https://github.com/x/y.");
  });
  it("a CSL webpage", () => {
    expect(formatReferences([CSL_WEBPAGE], "gb-t-7714-author-date")[0]!.text).toBe("W3C. HTML 5.2[EB/OL]. [2024-05-01]. https://www.w3.org/TR/html52/.");
  });
  it("sorts by author, not by order of citation", () => {
    expect(formatReferences(items(), "gb-t-7714-author-date").map((r) => r.id)).toEqual(["doe", "roe", "smith", "stats"]);
  });
});
