import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { tempDirsPerTest } from "../../testing/tempDirsPerTest.js";
import { readCachedOutline, readCachedSection, sectionKey, writeCachedOutline, writeCachedSection } from "./sectionCache.js";

const tempDir = tempDirsPerTest("section-cache-");
const OutlineShape = z.object({ title: z.string(), sections: z.array(z.object({ title: z.string(), scope: z.string() })) });

describe("section cache", () => {
  const key = sectionKey({ topic: "缓存", index: 0 });
  const text = "## 概述\n\n第一段正文。\n\n第二段正文。";

  it("gives a section back only for its own key", async () => {
    const dir = tempDir();
    await writeCachedSection(dir, 0, key, text);
    expect(await readCachedSection(dir, 0, key)).toBe(text);
    expect(await readCachedSection(dir, 0, sectionKey({ topic: "缓存", index: 1 }))).toBeNull();
    expect(await readCachedSection(dir, 1, key)).toBeNull();
  });

  it("a section cut short, emptied or altered after a power cut is a miss, never a half section", async () => {
    const dir = tempDir();
    await writeCachedSection(dir, 0, key, text);
    const file = path.join(dir, "section_0.md");
    const whole = fs.readFileSync(file, "utf8");
    fs.writeFileSync(file, whole.slice(0, whole.length - 4));
    expect(await readCachedSection(dir, 0, key)).toBeNull();
    fs.writeFileSync(file, whole.replace("第二段", "第三段"));
    expect(await readCachedSection(dir, 0, key)).toBeNull();
    fs.writeFileSync(file, "");
    expect(await readCachedSection(dir, 0, key)).toBeNull();
    fs.writeFileSync(file, Buffer.alloc(whole.length));
    expect(await readCachedSection(dir, 0, key)).toBeNull();
  });

  it("still reads a section cached by the earlier format (key only, written with fsync)", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "section_2.md"), `<!-- key: ${key} -->\n${text}`);
    expect(await readCachedSection(dir, 2, key)).toBe(text);
  });

  it("an outline cut short is not JSON, so a miss", async () => {
    const dir = tempDir();
    const outline = { title: "标题", sections: [{ title: "一", scope: "范围" }] };
    await writeCachedOutline(dir, outline);
    expect(await readCachedOutline(dir, OutlineShape)).toEqual(outline);
    // Another workflow's (or version's) outline does not fit the schema: a miss too.
    expect(await readCachedOutline(dir, z.object({ modules: z.array(z.string()) }))).toBeNull();
    const file = path.join(dir, "outline.json");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").slice(0, 20));
    expect(await readCachedOutline(dir, OutlineShape)).toBeNull();
  });
});
