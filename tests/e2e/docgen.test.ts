import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cleanSection, outlineOf, sectionIndexOf, writeFiles } from "../../electron/engine/testing/docgenTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../electron/engine/testing/ScriptedLlm.js";
import { studioPerTest } from "./harness/startStudio.js";
import { skipOnboarding, visible } from "./harness/studioSteps.js";

const openStudio = studioPerTest();

/** Every docgen agent scripted; the engine, SQLite, checkpoints, cache, HTTP server and Chromium are real. */
function docgenLlm(): ScriptedLlm {
  return new ScriptedLlm({
    chunkDelayMs: 2,
    replies: {
      "scanner.action": [
        { tool: "search_keyword", args: { query: "greet" }, reason: "找入口" },
        { tool: "read_file", args: { path: "src/index.ts", start_line: 1, end_line: 3 }, reason: "读入口" },
        { tool: "finish", args: {}, reason: "够了" },
      ],
      "scanner.overview": { summary: "hello-kit 导出 greet 函数。", components: [{ name: "src/index.ts", role: "导出 greet" }], usage: "" },
      "writer.outline": outlineOf(2, "hello-kit 文档"),
      "writer.section": (o: ScriptedCallOptions) => cleanSection(outlineOf(2).sections[sectionIndexOf(o)]!.title),
      reviewer: { violations: [] },
      "reviewer.content_style": (o: ScriptedCallOptions) => {
        const rows = o.prompt.split("\n").filter((l) => /^\d{4}: /.test(l) && l.includes("贼好用"));
        return { violations: rows.map((l) => ({ rule_id: "6.6", line: Number(l.slice(0, 4)), excerpt: "贼好用", comment: "口语化" })) };
      },
      "reviser.content_style": (o: ScriptedCallOptions) => ({
        replacements: o.prompt
          .split("\n")
          .filter((l) => /^\d{4}: /.test(l) && l.includes("贼好用"))
          .map((l) => ({ start_line: Number(l.slice(0, 4)), end_line: Number(l.slice(0, 4)), old_text: l.slice(6), new_content: l.slice(6).replace("贼好用", "易于使用"), reason: "6.6 口语化" })),
      }),
    },
  });
}

describe("文档生成 screen in Chromium", { timeout: 180_000 }, () => {
  it("code mode on a fixture folder: scan steps, outline confirm, module chips, violations with line links and the round's diff", async () => {
    const llm = docgenLlm();
    const studio = await openStudio({ llm });
    const { page } = studio;
    const project = writeFiles(path.join(studio.dataDir, "hello-kit"), {
      "package.json": JSON.stringify({ name: "hello-kit", main: "src/index.ts" }),
      "src/index.ts": "export function greet(name: string) {\n  return `hi ${name}`;\n}\n",
      ".env": "TOKEN=secret",
    });
    await skipOnboarding(page);
    await page.getByRole("button", { name: "文档生成" }).click();
    await page.getByLabel("代码目录").check();
    await page.getByLabel("主题").fill("hello-kit 使用说明");
    await page.getByLabel("源文件夹或文件路径").fill(project);
    await page.getByRole("button", { name: "开始生成" }).click();

    // The outline pause (on by default in the UI).
    await visible(page.getByText("🔍 搜索 “greet”"));
    await visible(page.getByText("📄 读取 src/index.ts:1–3"));
    await visible(page.getByRole("button", { name: "确认大纲", exact: true }));
    await studio.screenshot("40-docgen-outline");
    await page.getByRole("button", { name: "确认大纲", exact: true }).click();

    try {
      await visible(page.locator('[data-module="content_style"][data-state="passed"]'), 60_000);
    } catch (error) {
      await studio.screenshot("41-docgen-failure");
      throw error;
    }
    await expect.poll(() => page.getByTestId("docgen-sections").innerText()).toBe("章节 2/2");
    await expect.poll(() => page.locator(".docgen-chip").count()).toBe(6);
    await expect.poll(() => page.locator('.docgen-chip[data-state="passed"]').count()).toBe(6);
    // Each round's diff: the kept replacement, old and new.
    const round = page.locator('.docgen-round[data-module="content_style"]');
    await round.locator("summary").click();
    await visible(round.getByText("+ 本节说明第一部分的要点。这个工具易于使用。"));
    await visible(round.getByText("- 本节说明第一部分的要点。这个工具贼好用。"));
    // The document pane shows the repaired document.
    await expect.poll(() => page.locator(".markdown").first().innerText()).toContain("易于使用");
    // Violations of the first round link to their line.
    const violations = page.locator(".docgen-violations").first();
    await violations.locator("summary").click();
    await visible(violations.getByRole("button", { name: /第 \d+ 行/ }).first());
    await violations.getByRole("button", { name: /第 \d+ 行/ }).first().click();
    await studio.screenshot("42-docgen-done");
    expect(llm.callsFor("scanner", "action")[1]!.prompt).toContain("src/index.ts:1:");
    expect(studio.pageErrors).toEqual([]);
    expect(studio.foreignRequests).toEqual([]);
    expect(fs.existsSync(path.join(studio.dataDir, "cache"))).toBe(true);
  });

  it("a guide imported in the picker runs with its own modules (SVG graph nodes), and a failed section is rewritten after the run is done", async () => {
    let broken = true;
    const llm = new ScriptedLlm({
      replies: {
        "writer.outline": outlineOf(2, "团队手册"),
        "writer.section": (o: ScriptedCallOptions) => {
          const i = sectionIndexOf(o);
          if (i === 1 && broken) throw new Error("backend timeout");
          return `${cleanSection(outlineOf(2).sections[i]!.title)}${i === 1 ? "\n\n重写后的第二部分。" : ""}`;
        },
        reviewer: { violations: [] },
      },
    });
    const studio = await openStudio({ llm });
    const { page } = studio;
    await skipOnboarding(page);
    await page.getByRole("button", { name: "文档生成" }).click();
    const guide = path.join(studio.dataDir, "team-guide.md");
    fs.writeFileSync(guide, "# 团队规范\n\n## api_docs（接口文档）\n\n### 1.1 写明返回值\n\n- 类型：semantic\n\n## tone（语气）\n\n### 2.1 不用口语\n\n- 类型：semantic\n");
    await page.locator('.docgen-guides input[type="file"]').setInputFiles(guide);
    await expect.poll(() => page.locator('select[name="guide"]').inputValue()).toBe("team-guide");
    await visible(page.getByText("接口文档 · 语气"));
    await page.getByLabel("文本", { exact: true }).check();
    await page.getByLabel("主题").fill("团队手册");
    await page.getByLabel("资料文本").fill("团队的接口约定。");
    await page.getByLabel("生成大纲后暂停，让我确认").uncheck();
    await page.getByRole("button", { name: "开始生成" }).click();

    await visible(page.locator('.docgen-chip[data-state="passed"]'), 60_000);
    await expect.poll(() => page.locator(".docgen-chip").count()).toBe(2);
    // The graph as SVG: the guide's own review/revise nodes, none of the built-in ones.
    await page.locator(".docgen-graph > summary").click();
    const svg = page.getByTestId("docgen-graph-svg");
    await visible(svg);
    for (const node of ["review_api_docs", "revise_api_docs", "review_tone", "revise_tone"]) await visible(svg.locator(`[data-node="${node}"]`));
    expect(await svg.locator('[data-node="review_content_style"]').count()).toBe(0);
    await svg.scrollIntoViewIfNeeded();
    await studio.screenshot("43-docgen-guide-graph");

    // Done with a failure placeholder: rewrite that section from the finished session.
    await expect.poll(() => page.locator(".markdown").first().innerText()).toContain("章节 2 生成失败");
    broken = false;
    const regenerate = page.locator(".docgen-regenerate");
    await visible(regenerate.locator("li[data-failed]"));
    await regenerate.getByLabel("对重写的要求（可选）").fill("更具体");
    await regenerate.locator("li[data-failed]").getByRole("button", { name: "重写第 2 章" }).click();
    await expect.poll(() => page.locator(".markdown").first().innerText(), { timeout: 60_000 }).toContain("重写后的第二部分。");
    expect(await page.locator(".markdown").first().innerText()).not.toContain("生成失败");
    await studio.screenshot("44-docgen-regenerated");
    expect(llm.callsFor("writer", "section").at(-1)!.prompt).toContain("用户对本章的要求：更具体");
    expect(studio.pageErrors).toEqual([]);
    expect(studio.foreignRequests).toEqual([]);
  });
});
