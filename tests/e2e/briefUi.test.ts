import { describe, expect, it } from "vitest";
import { studioPerTest } from "./harness/startStudio.js";
import { card, skipOnboarding, visible } from "./harness/studioSteps.js";

/**
 * The product brief's §13 details in Chromium (real engine, scripted LLM): the background field
 * reaching the writer's prompt, folded material cards with "…展开", the outline's [全部展开▼], the
 * answered pauses reopenable in the timeline, the review card's header and per-aspect verdict
 * words — and the brief's `EventSource` on `/api/ai-writing/{id}/stream?token=` from the page.
 */
const openStudio = studioPerTest();

describe("the brief's section-13 UI (Chromium)", { timeout: 150_000 }, () => {
  it("extra context → folded materials → expand-all outline → reopenable pauses → review header and verdict words", async () => {
    const studio = await openStudio();
    const { page, llm } = studio;
    await skipOnboarding(page);

    // The intent form's background field goes to the writer.
    await page.getByLabel("写什么").fill("介绍本地大模型在离线写作中的应用");
    await page.getByLabel("补充背景（可选）").fill("我们团队在笔记本上运行 7B 模型");
    await page.getByRole("button", { name: "开始写作" }).click();
    const materials = await visible(card(page, "素材确认"));

    // PAUSE-1: every material folded to title + meta; ▶ opens the 200-character summary.
    const first = materials.locator("[data-material-id]").first();
    await expect(first.locator(".material__summary").count()).resolves.toBe(0);
    await expect(first.innerText()).resolves.toContain("排序 #1");
    await first.locator(".material__toggle").click();
    await expect(first.locator(".material__summary").innerText()).resolves.toContain("本地部署的大模型");
    await studio.screenshot("60-brief-material-open");
    const count = await materials.locator("[data-material-id]").count();
    await materials.getByRole("button", { name: "确认素材，开始规划大纲" }).click();

    // PAUSE-2: sections folded to their titles until [全部展开▼].
    const outline = await visible(card(page, "大纲确认"));
    await expect(outline.getByLabel("第 1 节标题").count()).resolves.toBe(0);
    await expect(outline.innerText()).resolves.toContain("▶");
    await outline.getByRole("button", { name: /全部展开/ }).click();
    await expect(outline.getByLabel("第 1 节标题").inputValue()).resolves.toBe("背景与动机");
    await expect(outline.getByRole("button", { name: /全部收起/ }).count()).resolves.toBe(1);
    await studio.screenshot("61-brief-outline-expanded");
    expect(llm.callsFor("writer", "outline").at(-1)?.prompt).toContain("我们团队在笔记本上运行 7B 模型");

    // The answered PAUSE-1 stays in the timeline, its package folded and reopenable.
    const resolvedMaterials = page.locator('[data-resolved="material_confirm"]');
    await expect(resolvedMaterials.innerText()).resolves.toContain(`搜集到 ${count} 条素材`);
    await expect(resolvedMaterials.locator("[data-material-id]").first().isVisible()).resolves.toBe(false);
    await resolvedMaterials.getByText("素材列表").click();
    await expect(resolvedMaterials.locator("[data-material-id]").first().isVisible()).resolves.toBe(true);

    await outline.getByRole("button", { name: "确认大纲，开始写作" }).click();
    const pause3 = await visible(card(page, "确认初稿"));
    const resolvedOutline = page.locator('[data-resolved="outline_confirm"]');
    await expect(resolvedOutline.innerText()).resolves.toContain("已规划 3 个章节");
    await resolvedOutline.getByText("大纲预览").click();
    await expect(resolvedOutline.innerText()).resolves.toContain("技术方案");
    await studio.screenshot("62-brief-timeline-reopened");

    // The brief's own EventSource, from the page, with the token in the query.
    const sessionId = (await studio.engine.call("sessions.list", {})).sessions[0]!.id;
    const token = new URL(studio.appUrl).searchParams.get("token")!;
    const streamed = await page.evaluate(
      ({ sessionId, token }) =>
        new Promise<Array<{ type: string; agent_name?: string; pause_point?: string; message?: string }>>((resolve, reject) => {
          const es = new EventSource(`/api/ai-writing/${sessionId}/stream?token=${token}`);
          const seen: Array<{ type: string; agent_name?: string; pause_point?: string; message?: string }> = [];
          const timer = setTimeout(() => reject(new Error(`no draft_confirm pause in ${JSON.stringify(seen.map((e) => e.type))}`)), 10_000);
          for (const type of ["progress", "materials_ready", "outline_ready", "draft_ready", "review_ready", "await_user", "resumed", "done", "error"]) {
            es.addEventListener(type, (e) => {
              const data = JSON.parse((e as MessageEvent).data) as { agent_name?: string; pause_point?: string; message?: string };
              seen.push({ type, ...data });
              if (type === "await_user" && data.pause_point === "draft_confirm") {
                clearTimeout(timer);
                es.close();
                resolve(seen);
              }
            });
          }
        }),
      { sessionId, token },
    );
    expect(streamed.find((e) => e.type === "materials_ready")).toMatchObject({ agent_name: "研究院", message: `研究院搜集到 ${count} 条素材` });
    expect(streamed.some((e) => e.type === "progress" && e.message === "用户已确认素材，开始规划大纲")).toBe(true);

    // PAUSE-4: the review card's header, overall score and one verdict word per aspect.
    llm.rejectReviews();
    llm.aspectScores = { facts: 88, logic: 60, language: 82 };
    await pause3.getByRole("button", { name: "让编辑审核" }).click();
    await visible(card(page, "处理编辑意见"));
    const review = page.locator(".card--review").last();
    const text = await review.innerText();
    expect(text).toContain("编辑审核结果（第 1 次修改）");
    expect(text).toMatch(/综合评分：\d+ \/ 100/);
    await expect(review.locator('[data-aspect="facts"] .aspect-verdict').innerText()).resolves.toBe("（优秀）");
    await expect(review.locator('[data-aspect="logic"] .aspect-verdict').innerText()).resolves.toBe("（需改进）");
    await expect(review.locator('[data-aspect="language"] .aspect-verdict').innerText()).resolves.toBe("（通过）");
    await studio.screenshot("63-brief-review-card");
    expect(studio.pageErrors).toEqual([]);
  });
});
