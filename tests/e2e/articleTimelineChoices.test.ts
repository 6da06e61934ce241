import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { articleMessages } from "../../renderer/features/article/messages.js";
import { studioPerTest } from "./harness/startStudio.js";
import { StudioLlm } from "./harness/studioLlm.js";
import { StudioSearch } from "./harness/studioSearch.js";
import { skipOnboarding, visible } from "./harness/studioSteps.js";
import { zh } from "../../renderer/i18n/zh.js";
import { en } from "../../renderer/i18n/en.js";

/**
 * What the article's timeline and document pane say about the user's own choices, in both UI
 * languages: the outline the user confirmed (renamed, a section added), not the model's; the
 * approved materials attached to sections when the model's outline cited none (and that it was);
 * and a hand edit after 定稿, which reopens the article and says so. Real engine and Chromium, a
 * scripted model.
 */
const openStudio = studioPerTest();

type Locale = "zh-CN" | "en";
const L = (locale: Locale, key: keyof (typeof articleMessages)["zh-CN"], params: Record<string, string | number> = {}) =>
  articleMessages[locale][key].replace(/\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g, (whole, name: string, one?: string, other?: string) =>
    name in params ? (one === undefined ? String(params[name]) : `${params[name]} ${Number(params[name]) === 1 ? one : other}`) : whole,
  );

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const shared = (locale: Locale) => (locale === "en" ? en : zh);

describe.each(["zh-CN", "en"] as const)("the article's timeline follows the user's choices (%s)", { timeout: 240_000 }, (locale) => {
  it("shows the confirmed outline, the attached materials, and a hand edit after finalizing reopening the article", async () => {
    const llm = new StudioLlm();
    llm.outlineCites = false;
    const studio = await openStudio({ llm, search: new StudioSearch() }, { locale });
    const { page } = studio;
    if (locale === "en") {
      await studio.engine.call("settings.update", { locale: "en" });
      await page.reload();
      await page.getByRole("button", { name: en["onboarding.skip"] }).click();
    } else {
      await skipOnboarding(page);
    }
    await page.getByRole("button", { name: L(locale, "article.nav") }).first().click();
    await page.getByLabel(L(locale, "article.intent.intent")).fill("离线 AI 写作对工程团队的意义");
    await page.getByRole("button", { name: L(locale, "article.intent.start") }).click();
    await (await visible(region(page, L(locale, "article.materials.title")))).getByRole("button", { name: L(locale, "article.materials.confirm") }).click();

    // The model's outline cited nothing: the approved materials are attached by code, and the timeline says so.
    const outline = await visible(region(page, L(locale, "article.outline.title")), 30_000);
    const timeline = page.locator(".timeline");
    await expect.poll(() => timeline.innerText()).toContain(L(locale, "article.summary.materialsAttached").trim());
    const { sessions } = await studio.engine.call("sessions.list", { workflow: "article" });
    const state = await studio.engine.call("run.state", { sessionId: sessions[0]!.id });
    const planned = (state.pause?.context as { outline: { sections: Array<{ material_ids: string[] }> } }).outline;
    expect(planned.sections.flatMap((s) => s.material_ids)).toEqual(expect.arrayContaining(["m001", "m002"]));

    // Rename the title and add a section, then confirm.
    const title = locale === "en" ? "My own title" : "我改过的标题";
    await outline.getByLabel(L(locale, "article.outline.articleTitle")).fill(title);
    await outline.getByRole("button", { name: L(locale, "article.outline.addSection") }).click();
    await outline.getByLabel(L(locale, "article.outline.sectionTitle", { n: 4 })).fill(locale === "en" ? "Costs" : "成本");
    await outline.getByRole("button", { name: L(locale, "article.outline.confirm") }).click();
    const draft = await visible(region(page, L(locale, "article.pause.draft_confirm")), 60_000);

    // The answered outline pause says what the user confirmed, not the model's "planned 3 sections".
    const resolved = page.locator('[data-resolved="outline_confirm"] .resolved-pause__line');
    await expect.poll(() => resolved.innerText()).toContain(title);
    expect(await resolved.innerText()).toContain(L(locale, "article.outlineConfirmed", { planned: 3, title, n: 4 }));
    // …and the draft is written from it: four sections, the materials cited.
    await expect.poll(() => page.locator(".step__label").allInnerTexts()).toContain(L(locale, "article.step.draft", { n: 4 }));

    // Finalize, then edit by hand: the pane says before and after saving that the article reopens.
    await draft.getByRole("button", { name: L(locale, "article.action.finalize") }).first().click();
    await visible(page.getByRole("status").filter({ hasText: L(locale, "article.status.finished") }), 30_000);
    await page.getByRole("tab", { name: shared(locale)["draft.editor"] }).click();
    const editor = await visible(page.getByRole("textbox", { name: shared(locale)["draft.editorLabel"] }));
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.insertText("\n\n补一句。");
    await expect.poll(() => page.locator(".cm-content").innerText()).toContain("补一句。");
    await visible(page.getByText(L(locale, "article.saveVersionHint")));
    await page.getByRole("button", { name: L(locale, "article.saveVersion") }).click();
    const notice = await visible(page.getByRole("status").filter({ hasText: L(locale, "article.savedReopened", { n: 2 }) }), 30_000);
    expect(await notice.isVisible()).toBe(true);
    await visible(region(page, L(locale, "article.pause.draft_confirm")), 30_000);
    await studio.screenshot(`60-timeline-choices-${locale}`);
    expect(studio.pageErrors).toEqual([]);
  });
});
