import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { zh } from "../../renderer/i18n/zh.js";
import { en } from "../../renderer/i18n/en.js";
import { articleMessages } from "../../renderer/features/article/messages.js";
import { docgenMessages } from "../../renderer/features/docgen/messages.js";
import { paperMessages } from "../../renderer/features/paper/messages.js";
import { chatMessages } from "../../renderer/features/chat/messages.js";
import { onboardingMessages } from "../../renderer/onboarding/messages.js";
import type { Material } from "../../shared/knowledge.js";
import type { ResearchSearch } from "../../electron/engine/workflows/WorkflowDefinition.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../electron/engine/testing/ScriptedLlm.js";
import { sectionIndexOf } from "../../electron/engine/testing/docgenTestKit.js";
import { PAPER_TITLE, buildPaperPdf } from "../papers/paperPdf.js";
import { studioPerTest, type Studio } from "./harness/startStudio.js";
import { importTestPdf, paperServices } from "./harness/paperSteps.js";
import { StudioLlm } from "./harness/studioLlm.js";
import { StudioSearch } from "./harness/studioSearch.js";
import { visible } from "./harness/studioSteps.js";
import { enProblems, visibleUiText, zhProblems } from "./harness/visibleText.js";

/**
 * Every screen in zh-CN has no English sentence and no raw id, and in en no Chinese —
 * onboarding, settings (each tab), the article at each pause and finished, a stopped run, the
 * doc generator's outline pause and result, the paper reader with an answer and the same session
 * reopened after a reload, and chat. The LLM and search are scripted (the tests' tiny model);
 * the engine, server and Chromium are real. User and model content is not UI: the document panes,
 * code and form fields are left out, and in en the scripted Chinese content phrases are allowed.
 */
const openStudio = studioPerTest();

type Locale = "zh-CN" | "en";
const TABLES = [{ "zh-CN": zh, en }, articleMessages, docgenMessages, paperMessages, chatMessages, onboardingMessages] as Array<{ "zh-CN": Record<string, string>; en: Record<string, string> }>;

/** A UI string by key in the locale (the tests drive the app by its own words). */
function L(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const table = TABLES.find((t) => key in t["zh-CN"]);
  if (!table) throw new Error(`no message ${key}`);
  return (table[locale][key] ?? "").replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Content the scripted model and search write in Chinese whatever the UI language (allowed in en). */
const CHINESE_CONTENT = ["你好！我是离线运行的写作助手。", "离线 AI 写作实践", "离线 AI 写作：重新规划", "背景与动机", "技术方案", "落地建议", "技术负责人", "术语略多", "为 llama.cpp 加一句解释", "为什么离线？", "怎么落地？", "数据不出内网", "弱网环境", "向量检索", "硬件选型", "中文"];

/** The paper's and the model's English, which the zh walk reads as content: the paper, answers, quotes, follow-ups, the user's questions. */
const PAPER_CONTENT = [".paper-reader", ".paper-answer__text", ".paper-sources__quote", ".paper-chip", ".bubble--user"];
const PAPER_NAMES = [PAPER_TITLE, "Alice Chen", "How many attention layers does the encoder use?", "Which baselines are compared?"];

/** Collects the screen's problems: `content` selectors are user or model content, `allow` strings may stay as they are. */
async function check(page: Page, locale: Locale, where: string, problems: string[], content: string[] = [], allow: string[] = []): Promise<void> {
  // Let streamed text and timers settle a frame.
  await page.waitForTimeout(150);
  const lines = await visibleUiText(page, content);
  const found = locale === "zh-CN" ? zhProblems(lines, allow) : enProblems(lines, [...CHINESE_CONTENT, ...allow]);
  for (const p of found) problems.push(`[${locale} · ${where}] ${p}`);
}

/** English research hits for the en walk (the default StudioSearch writes Chinese). */
class EnglishSearch implements ResearchSearch {
  async search(query: string, options: { limit: number }): Promise<Material[]> {
    const hit = (n: number, score: number): Material => ({
      id: `${query}-${n}`,
      title: `Survey ${n} on ${query}`,
      content: `Summary ${n}: local models do research, writing and review offline.`,
      source: "Intranet library",
      published_at: `2024-0${n}-15`,
      relevance_score: score,
      source_type: "library",
      url: null,
      recUuid: `${query}-${n}`,
    });
    return [hit(1, 0.92), hit(2, 0.66)].slice(0, options.limit);
  }
}

/** A search that can be made slow, so a run is still running when the test stops it. */
class SlowSearch implements ResearchSearch {
  delayMs = 0;
  constructor(private readonly inner: ResearchSearch) {}
  async search(query: string, options: { limit: number }): Promise<Material[]> {
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    return this.inner.search(query, options);
  }
}

function docgenLlm(locale: Locale): ScriptedLlm {
  return new ScriptedLlm({ chunkDelayMs: 1, replies: docgenReplies(locale) });
}

function docgenReplies(locale: Locale) {
  const zhText = locale === "zh-CN";
  const titles = zhText ? ["概述", "使用方法"] : ["Overview", "Usage"];
  return {
    "writer.outline": { title: zhText ? "团队手册" : "Team handbook", sections: titles.map((title, i) => ({ title, scope: zhText ? `范围 ${i + 1}` : `Scope ${i + 1}` })) },
    "writer.section": (o: ScriptedCallOptions) => {
      const title = titles[sectionIndexOf(o)] ?? titles[0]!;
      return zhText ? `## ${title}\n\n本节说明${title}的要点。` : `## ${title}\n\nThis section explains the ${title.toLowerCase()}.`;
    },
    reviewer: { violations: [] },
  };
}

function paperLlm(): ScriptedLlm {
  return new ScriptedLlm({ chunkDelayMs: 2, replies: PAPER_REPLIES });
}

const PAPER_REPLIES = {
  "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 },
  "paper.translate_terms": { terms: [] },
  "paper.router": { intent: "chat", reason: "qa" },
  "paper.chat": "The encoder uses 12 attention layers [p.2].",
  "paper.questioner": { questions: ["Which baselines are compared?", "What are the limitations?"] },
};

async function skipOnboarding(page: Page, locale: Locale, problems: string[], studio?: Studio): Promise<void> {
  // The UI follows the saved setting (zh-CN by default): switch it before the first screen.
  if (locale === "en" && studio) {
    await studio.engine.call("settings.update", { locale: "en" });
    await page.reload();
  }
  const dialog = await visible(page.getByRole("dialog", { name: L(locale, "onboarding.title") }));
  await check(page, locale, "onboarding", problems);
  await dialog.getByRole("button", { name: L(locale, "onboarding.skip") }).click();
}

async function walkSettings(page: Page, locale: Locale, problems: string[]): Promise<void> {
  await page.getByRole("button", { name: L(locale, "nav.settings") }).click();
  for (const tab of ["settings.models", "settings.knowledge", "settings.providers"]) {
    await page.getByRole("tab", { name: L(locale, tab) }).click();
    await check(page, locale, `settings/${tab}`, problems);
  }
}

async function walkArticle(studio: Studio, locale: Locale, problems: string[]): Promise<void> {
  const { page } = studio;
  await page.getByRole("button", { name: L(locale, "article.nav") }).first().click();
  await check(page, locale, "article/intent form", problems);
  await page.getByLabel(L(locale, "article.intent.intent")).fill(locale === "en" ? "Why offline AI writing matters for engineering teams" : "离线 AI 写作对工程团队的意义");
  await page.getByLabel(L(locale, "article.intent.audience")).fill(locale === "en" ? "engineering leads" : "企业技术负责人");
  await page.getByRole("button", { name: L(locale, "article.intent.start") }).click();
  const materials = await visible(page.getByRole("region", { name: L(locale, "article.materials.title"), exact: true }));
  await check(page, locale, "article/PAUSE-1 materials", problems);
  await materials.getByRole("button", { name: L(locale, "article.materials.confirm") }).click();
  const outline = await visible(page.getByRole("region", { name: L(locale, "article.outline.title"), exact: true }));
  await check(page, locale, "article/PAUSE-2 outline", problems);
  await outline.getByRole("button", { name: L(locale, "article.outline.confirm") }).click();
  const draft = await visible(page.getByRole("region", { name: L(locale, "article.pause.draft_confirm"), exact: true }), 30_000);
  await check(page, locale, "article/PAUSE-3 draft", problems);
  await draft.getByRole("button", { name: L(locale, "article.action.finalize") }).first().click();
  await visible(page.getByRole("status").filter({ hasText: L(locale, "article.status.finished") }), 30_000);
  await check(page, locale, "article/finished", problems);
  await studio.screenshot(`50-walk-${locale}-article`);
}

/** A deliberate stop reads 已停止 / Stopped, never 出错 / Error or "Cancelled.". */
async function walkStoppedRun(studio: Studio, search: SlowSearch, locale: Locale, problems: string[]): Promise<void> {
  const { page } = studio;
  search.delayMs = 3_000;
  await page.getByRole("button", { name: L(locale, "article.nav") }).first().click();
  await page.getByRole("button", { name: L(locale, "article.new") }).click();
  await page.getByLabel(L(locale, "article.intent.intent")).fill(locale === "en" ? "A run to stop" : "一篇要停下的文章");
  await page.getByRole("button", { name: L(locale, "article.intent.start") }).click();
  const stop = await visible(page.getByRole("button", { name: L(locale, "status.cancel"), exact: true }));
  await stop.click();
  await visible(page.locator('[data-code="aborted"]'));
  const text = await page.locator(".studio").innerText();
  expect(text).toContain(L(locale, "status.cancelled"));
  expect(text).not.toContain(L(locale, "status.error"));
  expect(text).not.toContain("Cancelled.");
  await check(page, locale, "article/stopped", problems);
  search.delayMs = 0;
}

async function walkChat(page: Page, locale: Locale, problems: string[]): Promise<void> {
  await page.getByRole("button", { name: L(locale, "chat.nav") }).click();
  await page.getByLabel(L(locale, "chat.prompt")).fill(locale === "en" ? "Hello" : "你好");
  await page.getByRole("button", { name: L(locale, "chat.send") }).click();
  await visible(page.getByTestId("chat-reply"));
  await expect.poll(() => page.getByTestId("chat-reply").innerText()).toContain("你好！");
  await check(page, locale, "chat", problems);
}

async function walkDocgen(studio: Studio, locale: Locale, problems: string[]): Promise<void> {
  const { page } = studio;
  await page.getByRole("button", { name: L(locale, "docgen.nav") }).click();
  await check(page, locale, "docgen/form", problems);
  await page.getByLabel(L(locale, "docgen.mode.text"), { exact: true }).check();
  await page.getByLabel(L(locale, "docgen.topic")).fill(locale === "en" ? "Team handbook" : "团队手册");
  await page.getByLabel(L(locale, "docgen.text")).fill(locale === "en" ? "How the team writes its API docs." : "团队的接口约定。");
  await page.getByRole("button", { name: L(locale, "docgen.start") }).click();
  await visible(page.getByRole("button", { name: L(locale, "docgen.action.confirm"), exact: true }), 30_000);
  await check(page, locale, "docgen/outline pause", problems);
  await page.getByRole("button", { name: L(locale, "docgen.action.confirm"), exact: true }).click();
  await expect.poll(() => page.locator(".docgen-chip").count(), { timeout: 60_000 }).toBeGreaterThan(0);
  await expect.poll(() => page.locator('.docgen-chip:not([data-state="passed"]):not([data-state="breaker"])').count(), { timeout: 60_000 }).toBe(0);
  await visible(page.locator(".timeline__item").filter({ hasText: L(locale, "docgen.step.finalize") }), 30_000);
  // Open every round and violation list, so their lines are walked too.
  for (const summary of await page.locator(".docgen-round > summary, .docgen-violations > summary").all()) await summary.click();
  await check(page, locale, "docgen/done", problems);
  await studio.screenshot(`51-walk-${locale}-docgen`);
}

async function walkPaper(studio: Studio, locale: Locale, problems: string[]): Promise<void> {
  const { page } = studio;
  await page.getByRole("button", { name: L(locale, "paper.nav") }).click();
  await check(page, locale, "paper/empty library", problems);
  await importTestPdf(studio, { labels: { path: L(locale, "paper.importPath"), import: L(locale, "paper.import") } });
  const select = page.getByRole("checkbox", { name: `${L(locale, "paper.select")} ${PAPER_TITLE}` });
  await visible(select);
  await page.getByLabel(L(locale, "paper.question")).fill("How many attention layers does the encoder use?");
  await page.getByRole("button", { name: L(locale, "paper.send"), exact: true }).click();
  await expect.poll(() => page.getByTestId("paper-answer").first().innerText(), { timeout: 30_000 }).toContain("12 attention layers");
  // The model's English answer and the paper's own text are content, not UI.
  await check(page, locale, "paper/answered", problems, PAPER_CONTENT, PAPER_NAMES);

  // Reopened after a reload (the session is in the URL): its paper is still the selection, and asking works.
  await page.reload();
  await visible(page.getByTestId("paper-answer"));
  await expect.poll(() => select.isChecked(), { timeout: 10_000 }).toBe(true);
  await page.getByLabel(L(locale, "paper.question")).fill("Which baselines are compared?");
  await page.getByRole("button", { name: L(locale, "paper.send"), exact: true }).click();
  await expect.poll(() => page.getByTestId("paper-answer").count(), { timeout: 30_000 }).toBe(2);
  const item = page.locator(".session--active .pill");
  await expect.poll(() => item.innerText(), { timeout: 10_000 }).toBe(L(locale, "paper.status.paused"));
  await check(page, locale, "paper/reopened", problems, PAPER_CONTENT, PAPER_NAMES);
  await studio.screenshot(`52-walk-${locale}-paper`);
}

/** The page scrolls sideways nowhere: the screen fits its width. */
async function expectNoSidewaysScroll(page: Page, where: string, problems: string[]): Promise<void> {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (over > 0) problems.push(`[${where}] the page scrolls ${over} px sideways`);
}

/**
 * The screens the browser walk's fixes touched, at 1280 and 1024 px: a finished docgen session under
 * its own settings, the paper library with a refused .bib and the metadata dialog's DOI error, and
 * the models tab with a refused mirror address; then the library tab, the studio's intent form, chat and
 * a new doc-generator form at the same widths.
 */
async function walkFixedScreens(studio: Studio, locale: Locale, problems: string[]): Promise<void> {
  const { page, engine } = studio;
  const topic = locale === "en" ? "Team handbook" : "团队手册";
  const { sessionId } = await engine.call("run.start", { workflow: "docgen", input: { input_mode: "text", topic, context: topic, confirm_outline: false } });
  await expect.poll(async () => (await engine.call("run.state", { sessionId })).session.status, { timeout: 60_000 }).toBe("done");
  const pdf = path.join(studio.dataDir, "sparse.pdf");
  fs.writeFileSync(pdf, await buildPaperPdf());
  await engine.call("paper.import", { paths: [pdf] });
  const broken = path.join(studio.dataDir, "broken.bib");
  fs.writeFileSync(broken, "not a reference file");
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 768 });
    const at = `${width}px`;
    await page.goto(`${studio.appUrl}#session=${encodeURIComponent(sessionId)}`);
    await visible(page.getByRole("region", { name: L(locale, "docgen.settings") }), 30_000);
    await check(page, locale, `${at} docgen/session settings`, problems, [".pane--draft"], [topic]);
    await expectNoSidewaysScroll(page, `${locale} · ${at} docgen`, problems);

    await page.getByRole("button", { name: L(locale, "paper.nav") }).click();
    await page.getByLabel(L(locale, "paper.importPath")).fill(broken);
    await page.getByRole("button", { name: L(locale, "paper.import"), exact: true }).click();
    await visible(page.getByRole("complementary", { name: L(locale, "paper.library") }).getByRole("alert"));
    await check(page, locale, `${at} paper/library with a refused .bib`, problems, PAPER_CONTENT, [...PAPER_NAMES, "broken.bib"]);
    await expectNoSidewaysScroll(page, `${locale} · ${at} paper`, problems);
    await page.getByRole("button", { name: L(locale, "paper.meta.edit") }).first().click();
    const meta = await visible(page.getByRole("dialog", { name: L(locale, "paper.meta.title") }));
    await expect.poll(() => meta.getByLabel(L(locale, "paper.meta.fieldTitle")).inputValue()).not.toBe("");
    await meta.getByLabel(L(locale, "paper.meta.fieldDoi")).fill("not-a-doi");
    await meta.getByRole("button", { name: L(locale, "paper.meta.save") }).click();
    await visible(meta.getByRole("alert"));
    await check(page, locale, `${at} paper/metadata dialog`, problems, [...PAPER_CONTENT, ".paper-meta .input"], [...PAPER_NAMES, "not-a-doi", "DOI"]);
    await studio.screenshot(`53-walk-${locale}-${width}-paper-meta`);
    await meta.getByRole("button", { name: L(locale, "paper.meta.close") }).click();

    await page.getByRole("button", { name: L(locale, "nav.settings") }).click();
    await page.getByRole("tab", { name: L(locale, "settings.models") }).click();
    const field = page.locator(".mirror-field");
    await field.getByLabel(L(locale, "mirror.label")).fill("mirror.corp/models");
    await field.getByRole("button", { name: L(locale, "mirror.save") }).click();
    await visible(field.getByRole("alert"));
    await check(page, locale, `${at} settings/refused mirror`, problems, [".mirror-field .input"], ["mirror.corp/models"]);
    await expectNoSidewaysScroll(page, `${locale} · ${at} settings`, problems);

    // The other screens at this width: the library tab, the studio's intent form, chat, and a new doc-generator form.
    await page.getByRole("tab", { name: L(locale, "settings.knowledge") }).click();
    await check(page, locale, `${at} settings/knowledge`, problems);
    await expectNoSidewaysScroll(page, `${locale} · ${at} settings/knowledge`, problems);
    await page.getByRole("button", { name: L(locale, "article.nav") }).first().click();
    await visible(page.getByLabel(L(locale, "article.intent.intent")));
    await check(page, locale, `${at} article/intent form`, problems);
    await expectNoSidewaysScroll(page, `${locale} · ${at} article`, problems);
    await page.getByRole("button", { name: L(locale, "chat.nav") }).click();
    await check(page, locale, `${at} chat`, problems);
    await expectNoSidewaysScroll(page, `${locale} · ${at} chat`, problems);
    await page.getByRole("button", { name: L(locale, "docgen.nav") }).click();
    await page.getByRole("button", { name: new RegExp(L(locale, "docgen.newDocument")) }).first().click();
    await visible(page.getByRole("form", { name: L(locale, "docgen.title") }));
    await check(page, locale, `${at} docgen/form`, problems);
    await expectNoSidewaysScroll(page, `${locale} · ${at} docgen/form`, problems);
  }
}

for (const locale of ["zh-CN", "en"] as const) {
  describe(`every screen in ${locale}: no ${locale === "en" ? "Chinese" : "English sentence"} and no raw id`, { timeout: 240_000 }, () => {
    it("onboarding, settings, the article through its pauses, a stopped run and chat", async () => {
      const problems: string[] = [];
      const llm = new StudioLlm();
      // The model's content follows the user's language: English keywords and sections in the en walk.
      if (locale === "en") llm.keywords = ["local LLMs", "offline writing"];
      if (locale === "en") llm.sectionText = (title) => `The section on ${title}: local models make offline writing possible [m001].`;
      const search = new SlowSearch(locale === "en" ? new EnglishSearch() : new StudioSearch());
      const studio = await openStudio({ llm, search }, { locale });
      await skipOnboarding(studio.page, locale, problems, studio);
      await walkSettings(studio.page, locale, problems);
      await walkArticle(studio, locale, problems);
      await walkStoppedRun(studio, search, locale, problems);
      await walkChat(studio.page, locale, problems);
      expect(problems).toEqual([]);
      expect(studio.pageErrors).toEqual([]);
    });

    it("the doc generator from its form to the finished document", async () => {
      const problems: string[] = [];
      const studio = await openStudio({ llm: docgenLlm(locale) }, { locale });
      await skipOnboarding(studio.page, locale, problems, studio);
      await walkDocgen(studio, locale, problems);
      expect(problems).toEqual([]);
      expect(studio.pageErrors).toEqual([]);
    });

    it("the screens of the browser walk's fixes at 1280 and 1024 px", async () => {
      const problems: string[] = [];
      const llm = new ScriptedLlm({ chunkDelayMs: 1, replies: { ...docgenReplies(locale), ...PAPER_REPLIES } });
      const studio = await openStudio(
        {
          llm,
          workflowServices: {
            paper: paperServices(llm),
          },
        },
        { locale },
      );
      await skipOnboarding(studio.page, locale, problems, studio);
      await walkFixedScreens(studio, locale, problems);
      expect(problems).toEqual([]);
      // The refused .bib, DOI and mirror are deliberate 400s, which Chromium logs; nothing else may fail.
      expect(studio.pageErrors.filter((e) => !e.includes("status of 400 (Bad Request)"))).toEqual([]);
    });

    it("the paper reader with an answer, and the session reopened", async () => {
      const problems: string[] = [];
      const llm = paperLlm();
      const studio = await openStudio(
        {
          llm,
          workflowServices: {
            paper: paperServices(llm),
          },
        },
        { locale },
      );
      await skipOnboarding(studio.page, locale, problems, studio);
      await walkPaper(studio, locale, problems);
      expect(problems).toEqual([]);
      expect(studio.pageErrors).toEqual([]);
    });
  });
}

/**
 * The timeline speaks the UI's language, not the document's: a Chinese article read in the English
 * UI shows English step lines, with only what the user and the model wrote left in Chinese (the
 * audience typed, the keywords, the outline's title).
 */
describe("a Chinese article in the English UI", { timeout: 240_000 }, () => {
  it("reads an English timeline from intent to the finished draft", async () => {
    const problems: string[] = [];
    const llm = new StudioLlm();
    const studio = await openStudio({ llm, search: new StudioSearch() }, { locale: "en" });
    const { page } = studio;
    await skipOnboarding(page, "en", problems, studio);
    await page.getByRole("button", { name: L("en", "article.nav") }).first().click();
    await page.getByLabel(L("en", "article.intent.intent")).fill("离线 AI 写作对工程团队的意义");
    await page.getByLabel(L("en", "article.intent.audience")).fill("企业技术负责人");
    await page.getByRole("button", { name: L("en", "article.intent.start") }).click();
    // What the user and the model wrote, longest first (so a longer name is removed before a part of it).
    const content = [...llm.keywords, "企业技术负责人", "离线 AI 写作实践", ...CHINESE_CONTENT].sort((a, b) => b.length - a.length);
    // The step lines (the pause card's materials are search results: content, walked elsewhere).
    const timelineProblems = async (where: string) => {
      const lines = await page.getByRole("list", { name: L("en", "timeline.title") }).locator(".step__label, .step__summary").allInnerTexts();
      expect(lines.length).toBeGreaterThan(4);
      for (const p of enProblems(lines, content)) problems.push(`[en · zh article · ${where}] ${p}`);
    };
    const materials = await visible(page.getByRole("region", { name: L("en", "article.materials.title"), exact: true }));
    await timelineProblems("PAUSE-1");
    // The materials card's own line is the UI's too.
    await expect(materials.innerText()).resolves.toContain("Found ");
    await materials.getByRole("button", { name: L("en", "article.materials.confirm") }).click();
    const outline = await visible(page.getByRole("region", { name: L("en", "article.outline.title"), exact: true }));
    await outline.getByRole("button", { name: L("en", "article.outline.confirm") }).click();
    const draft = await visible(page.getByRole("region", { name: L("en", "article.pause.draft_confirm"), exact: true }), 30_000);
    await draft.getByRole("button", { name: L("en", "article.action.finalize") }).first().click();
    const finished = await visible(page.getByRole("status").filter({ hasText: L("en", "article.status.finished") }), 30_000);
    await timelineProblems("finished");
    // One status word, then the numbers: not "Final · Final: version 1".
    await expect(finished.innerText()).resolves.toMatch(/^✓ Final: version 1, \d+ words$/);
    await studio.screenshot("50-walk-en-zh-article");
    expect(problems).toEqual([]);
    expect(studio.pageErrors).toEqual([]);
  });
});
