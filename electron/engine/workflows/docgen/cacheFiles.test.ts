import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirsPerTest } from "../../testing/tempDirsPerTest.js";
import { readWip, writeWip } from "./cacheFiles.js";

const tempDir = tempDirsPerTest("docgen-wip-");

describe("the work-in-progress draft", () => {
  const draft = "# 标题\n\n## 一\n\n正文。\n";
  const progress = { current_review_index: 2, iteration_counts: { content_style: 1 }, module_reports: [{ key: "content_style" }] };

  it("comes back with where the review stood; draft_wip.md holds the same draft to open by hand", async () => {
    const dir = tempDir();
    await writeWip(dir, draft, progress);
    expect(await readWip(dir)).toEqual({ markdown: draft, progress });
    expect(fs.readFileSync(path.join(dir, "draft_wip.md"), "utf8")).toBe(draft);
  });

  it("a review state cut short by a power cut means no draft to resume from, whatever draft_wip.md holds", async () => {
    const dir = tempDir();
    await writeWip(dir, draft, progress);
    const file = path.join(dir, "review_state.json");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").slice(0, 40));
    expect(await readWip(dir)).toBeNull();
    fs.writeFileSync(file, "");
    expect(await readWip(dir)).toBeNull();
    fs.rmSync(file);
    expect(await readWip(dir)).toBeNull();
  });

  it("reads a cache written by the earlier version (the draft only in draft_wip.md)", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "review_state.json"), `${JSON.stringify(progress)}\n`);
    fs.writeFileSync(path.join(dir, "draft_wip.md"), draft);
    expect(await readWip(dir)).toEqual({ markdown: draft, progress });
  });
});
