import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkedTranslation,
  pairedTerms,
  pairedTranslation,
  queryScript,
  translateQuery,
} from "../../electron/engine/knowledge/crossLingualQuery.js";
import { KnowledgeService } from "../../electron/engine/knowledge/KnowledgeService.js";
import { LibraryProvider } from "../../electron/engine/knowledge/LibraryProvider.js";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { HashEmbedder } from "./HashEmbedder.js";

/**
 * A Chinese question about English passages (and the reverse) is searched in both languages: the
 * terms the passages pair themselves, and a model translation that must pass its checks. Real
 * LanceDB + app.db; the model is a scripted double (the path), its replies good and bad.
 */
let root: string;
let appDb: AppDb;
let service: KnowledgeService;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "kcross-"));
  appDb = AppDb.open(root);
  service = new KnowledgeService({ dataDir: root, db: appDb.db, embedder: new HashEmbedder(32) });
  const lib = path.join(root, "lib");
  fs.mkdirSync(lib);
  // English noise that shares no word with the targets, and Chinese noise that shares no bigram.
  for (let i = 0; i < 16; i++) {
    fs.writeFileSync(path.join(lib, `noise-${String(i).padStart(2, "0")}.txt`), `Harbour tides rise ${i} times along the granite coast each season.\n`);
    fs.writeFileSync(path.join(lib, `zh-noise-${String(i).padStart(2, "0")}.txt`), `港口的潮汐沿着花岗岩海岸每季上涨第${i}次。\n`);
  }
  fs.writeFileSync(path.join(lib, "target-en.txt"), "The string comparator weighs transpositions between last names.\n");
  fs.writeFileSync(path.join(lib, "glossary-zh.txt"), "术语表：字符串比较器 (string comparator) 用于姓名匹配。\n");
  fs.writeFileSync(path.join(lib, "target-zh.txt"), "本文的分块方法把记录对按邮政编码分组，从而减少比较次数。\n");
  fs.writeFileSync(path.join(lib, "blocking-en.txt"), "Blocking (分块) groups pairs by postal code.\n");
  await service.ingest({ paths: [lib], collection: "library" });
});

afterAll(async () => {
  await service.close();
  appDb.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("cross-lingual query", () => {
  it("reads the term pairs a text gives itself, in both orders and bracket styles", () => {
    const pairs = pairedTerms(["我们使用注意力机制（attention）和残差连接 (residual connection)。", "We apply layer normalization (层归一化) twice."]);
    expect(pairs).toHaveLength(3);
    expect(pairs).toContainEqual({ zh: "层归一化", en: "layer normalization" });
    expect(pairedTranslation("注意力机制是什么", pairs)).toEqual(["attention"]);
    // Without a segmenter "和" may lead the term; a question naming the term itself still matches.
    expect(pairedTranslation("残差连接有什么用", pairs)).toEqual(["residual connection"]);
    expect(pairedTranslation("注意力机制如何工作？", pairs)).toEqual(["attention"]);
    expect(pairedTranslation("Where is Layer Normalization applied?", pairs)).toEqual(["层归一化"]);
    // A word inside a longer word is no match.
    expect(pairedTranslation("attentional blink", pairs)).toEqual([]);
    expect(queryScript("分块(blocking)如何减少记录对?")).toBe("zh");
    expect(queryScript("How does blocking (分块) work?")).toBe("en");
  });

  it("accepts a translation only in the other script, not an echo of the query or the instruction", () => {
    expect(checkedTranslation("字符串比较器如何工作?", "How does the string comparator work?")).toBe("How does the string comparator work?");
    expect(checkedTranslation("字符串比较器如何工作?", "Translation: \"string comparator\"\nmore")).toBe("string comparator");
    expect(checkedTranslation("字符串比较器如何工作?", "字符串比较器如何工作?")).toBeUndefined();
    expect(checkedTranslation("字符串比较器如何工作?", "Translate this search query into English.")).toBeUndefined();
    expect(checkedTranslation("How does blocking work?", "How does blocking work?")).toBeUndefined();
    expect(checkedTranslation("How does blocking work?", "分块如何工作？")).toBe("分块如何工作？");
    expect(checkedTranslation("分块?", "x".repeat(200))).toBeUndefined();
  });

  it("asks the model once, and a failing or chatty model gives no translation", async () => {
    const good = new ScriptedLlm({ replies: { "knowledge.translate_query": "How does the string comparator work?" } });
    expect(await translateQuery(good, "字符串比较器如何工作?")).toBe("How does the string comparator work?");
    expect(good.calls).toHaveLength(1);
    const failing = new ScriptedLlm({
      replies: {
        "knowledge.translate_query": () => {
          throw new Error("backend down");
        },
      },
    });
    expect(await translateQuery(failing, "字符串比较器如何工作?")).toBeUndefined();
    const echo = new ScriptedLlm({ replies: { "knowledge.translate_query": "字符串比较器如何工作?" } });
    expect(await translateQuery(echo, "字符串比较器如何工作?")).toBeUndefined();
    expect(await translateQuery(undefined, "字符串比较器如何工作?")).toBeUndefined();
  });

  it("a Chinese question finds the English passage by the model's translation (library search)", async () => {
    const question = "姓名之间的换位怎么处理?";
    const llm = new ScriptedLlm({ replies: { "knowledge.translate_query": "How are transpositions between last names handled?" } });
    const withModel = await new LibraryProvider(service, "library", { llm: () => llm }).search(question, { limit: 5 });
    expect(withModel.map((m) => path.basename(m.source).split(" ")[0])).toContain("target-en.txt");
    expect(llm.callsFor("knowledge", "translate_query")).toHaveLength(1);
    // A model that echoes is ignored: the search still answers, from the question alone.
    const echo = new ScriptedLlm({ replies: { "knowledge.translate_query": question } });
    const withEcho = await new LibraryProvider(service, "library", { llm: () => echo }).search(question, { limit: 5 });
    expect(withEcho.map((m) => path.basename(m.source).split(" ")[0])).not.toContain("target-en.txt");
  });

  it("without a model, the terms the library pairs itself carry the question across (both ways)", async () => {
    const zhQuestion = await new LibraryProvider(service).search("字符串比较器的作用", { limit: 5 });
    expect(zhQuestion.map((m) => path.basename(m.source).split(" ")[0])).toContain("target-en.txt");
    const enQuestion = await new LibraryProvider(service).search("what does blocking do", { limit: 5 });
    expect(enQuestion.map((m) => path.basename(m.source).split(" ")[0])).toContain("target-zh.txt");
  });
});
