import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatReferences } from "./formatReferences.js";
import { parseReferences, referenceKindOf } from "./parseReferences.js";

const FIXTURES = path.resolve("tests/fixtures/references");
const load = (name: string) => parseReferences(fs.readFileSync(path.join(FIXTURES, name), "utf8"), referenceKindOf(name), name);

// Hand-checked against GB/T 7714-2015 §4 and Appendix A: 顺序编码制 numbers, family name first,
// Latin family names in capitals with initials without points, three authors then 等 / et al.,
// type codes, 出版地: 出版者, 年: 页码, (更新日期)[引用日期] for online resources, "-" in page ranges.
const GB_ZH = [
  "[1] 张三, 李四, 王五, 等. 深度学习在文本分类中的应用[J]. 计算机学报, 2020, 43(5): 1-15.",
  "[2] 王五. 机器学习[M]. 2版. 北京: 清华大学出版社, 2018.",
  "[3] 刘洋, 陈晨. 基于图神经网络的关系抽取[C]//第二十届中国计算语言学大会论文集. 北京: 中国中文信息学会, 2021: 100-110.",
  "[4] 赵六. 中文文本分类研究[D]. 北京: 清华大学, 2019.",
  "[5] 中国互联网络信息中心. 第47次中国互联网络发展状况统计报告[R]. 北京: 中国互联网络信息中心, 2021.",
  "[6] 国家统计局. 2020年国民经济和社会发展统计公报[EB/OL]. (2021-02-28)[2021-03-15]. http://www.stats.gov.cn/tjsj/zxfb/202102/t20210227_1814154.html.",
];
const GB_EN_RIS = [
  "[1] SMITH J A, JONES A B, BROWN C, et al. Neural methods for text classification[J]. Journal of Machine Learning Research, 2019, 20(3): 45-67. DOI:10.1000/jmlr.2019.3.",
  "[2] KNUTH D E. The art of computer programming[M]. 3rd ed. Reading, MA: Addison-Wesley, 1997.",
  "[3] DOE J. Statistical parsing of Chinese text[D]. Stanford, CA: Stanford University, 2015.",
  "[4] WORLD HEALTH ORGANIZATION. World health statistics 2020[R]. Geneva: WHO, 2020.",
];
const GB_EN_BIB = [
  "[1] VASWANI A, SHAZEER N, PARMAR N, et al. Attention is all you need[C]//Advances in Neural Information Processing Systems 30. Red Hook, NY: Curran Associates, 2017: 5998-6008.",
  "[2] WORLD WIDE WEB CONSORTIUM. HTML 5.2[EB/OL]. (2017-12-14)[2024-05-01]. https://www.w3.org/TR/html52/.",
];

describe("GB/T 7714-2015 numeric", () => {
  it("formats Chinese entries (journal, book, conference paper, thesis, report, web page)", () => {
    const refs = formatReferences(load("zh.bib"), "gb-t-7714");
    expect(refs.map((r) => r.text)).toEqual(GB_ZH);
    expect(refs.map((r) => r.id)).toEqual(["zhang2020", "wang2018", "liu2021", "zhao2019", "cnnic2021", "stats2021"]);
  });

  it("formats English entries from RIS and BibTeX", () => {
    expect(formatReferences(load("en.ris"), "gb-t-7714").map((r) => r.text)).toEqual(GB_EN_RIS);
    expect(formatReferences(load("en.bib"), "gb-t-7714").map((r) => r.text)).toEqual(GB_EN_BIB);
  });

  it("lays each entry of a mixed list out in its own language, unless a locale is forced", () => {
    const mixed = [...load("zh.bib").slice(0, 2), ...load("en.ris").slice(0, 2)];
    expect(formatReferences(mixed, "gb-t-7714").map((r) => r.text)).toEqual([GB_ZH[0], GB_ZH[1], GB_EN_RIS[0]!.replace("[1]", "[3]"), GB_EN_RIS[1]!.replace("[2]", "[4]")]);
    expect(formatReferences(mixed.slice(0, 2), "gb-t-7714", "en").map((r) => r.text)).toEqual([
      "[1] 张三, 李四, 王五, et al. 深度学习在文本分类中的应用[J]. 计算机学报, 2020, 43(5): 1-15.",
      "[2] 王五. 机器学习[M]. 2nd ed. 北京: 清华大学出版社, 2018.",
    ]);
    expect(formatReferences(load("en.ris").slice(0, 1), "gb-t-7714", "zh")[0]!.text).toContain("BROWN C, 等.");
  });
});

describe("APA", () => {
  it("formats with the built-in APA style, sorted by author, each line keyed by its citation key", () => {
    const refs = formatReferences([...load("en.ris"), ...load("zh.bib").slice(3, 4)], "apa");
    expect(refs.map((r) => r.id)).toEqual(["doe2015", "knuth1997", "smith2019", "who2020", "zhao2019"]);
    expect(refs[1]!.text).toBe("Knuth, D. E. (1997). The art of computer programming (3rd ed.). Addison-Wesley.");
    expect(refs[2]!.text).toBe("Smith, J. A., Jones, A. B., Brown, C., & White, D. (2019). Neural methods for text classification. Journal of Machine Learning Research, 20(3), 45–67. https://doi.org/10.1000/jmlr.2019.3");
    expect(refs[4]!.text).toBe("赵六. (2019). 中文文本分类研究 [PhD thesis]. 清华大学.");
  });
});

describe("bad input", () => {
  it("names the problem", () => {
    expect(() => referenceKindOf("refs.txt")).toThrow(/expected \.bib or \.ris/);
    expect(() => parseReferences("just some text", "bibtex", "notes.bib")).toThrow(/notes\.bib/);
    expect(() => formatReferences(load("zh.bib"), "mla" as never)).toThrow(/Unknown reference style "mla"/);
  });
});
