import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { zh } from "../../renderer/i18n/zh.js";
import { en } from "../../renderer/i18n/en.js";
import { fillTemplate } from "../../renderer/i18n/translate.js";
import { paperMessages } from "../../renderer/features/paper/messages.js";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { PAPER_TITLE, buildPaperPdf } from "../papers/paperPdf.js";
import { studioPerTest, type Studio } from "./harness/startStudio.js";
import { paperServices } from "./harness/paperSteps.js";
import { visible } from "./harness/studioSteps.js";

/**
 * The paper library in browser mode: 选择文件… uploads and imports a PDF, a .bib adds its entries
 * and a broken one is refused in the UI language, a PDF dropped on the window lands in the library,
 * and 修改题录 opens a dialog whose DOI error sits under the field, translated and in view.
 */
const openStudio = studioPerTest();
type Locale = "zh-CN" | "en";
const TABLES = [{ "zh-CN": zh, en }, paperMessages] as Array<{ "zh-CN": Record<string, string>; en: Record<string, string> }>;
function L(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const table = TABLES.find((t) => key in t["zh-CN"]);
  if (!table) throw new Error(`no message ${key}`);
  return fillTemplate(table[locale][key] ?? "", params);
}

const BIB = `@article{lin2021sparse,
  title = {Sparse Routing for Long Documents},
  author = {Lin, Mei and Turing, Alan},
  year = {2021},
  journal = {Journal of Document AI}
}
`;

async function open(locale: Locale): Promise<Studio> {
  const llm = new ScriptedLlm({ replies: { "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 }, "paper.translate_terms": { terms: [] } } });
  const studio = await openStudio(
    {
      llm,
      workflowServices: {
        paper: paperServices(llm),
      },
    },
    { viewport: { width: 1280, height: 800 } },
  );
  if (locale === "en") {
    await studio.engine.call("settings.update", { locale: "en" });
    await studio.page.reload();
  }
  const dialog = await visible(studio.page.getByRole("dialog", { name: L(locale, "onboarding.title") }));
  await dialog.getByRole("button", { name: L(locale, "onboarding.skip") }).click();
  await studio.page.getByRole("button", { name: L(locale, "paper.nav") }).click();
  return studio;
}

/** Picks a file with the library's 选择文件… button (the page's own file chooser). */
async function choose(page: Page, locale: Locale, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: L(locale, "paper.chooseFile") }).click();
  await (await chooser).setFiles({ name, mimeType, buffer });
}

/** Drops a file on the window the way a browser does from a file manager: Files, no paths. */
async function dropFile(page: Page, name: string, base64: string): Promise<void> {
  await page.evaluate(
    ({ name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: "application/pdf" }));
      for (const type of ["dragenter", "dragover", "drop"]) window.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    { name, base64 },
  );
}

describe.each<Locale>(["zh-CN", "en"])("the paper library in browser mode (%s)", (locale) => {
  it("picks and uploads a PDF, imports BibTeX with a translated error, imports a dropped PDF, and corrects metadata in a roomy dialog", async () => {
    const studio = await open(locale);
    const { page, engine } = studio;
    const library = page.getByRole("complementary", { name: L(locale, "paper.library") });
    const pdf = Buffer.from(await buildPaperPdf());

    // 选择文件… uploads the PDF and imports it; the library lists it and the reader opens it.
    await choose(page, locale, "sparse.pdf", "application/pdf", pdf);
    await visible(library.getByText(L(locale, "paper.imported", { t: PAPER_TITLE, p: 4 })), 60_000);
    await expect.poll(async () => (await engine.call("paper.list", {})).papers.length).toBe(1);

    // A broken .bib is refused in the UI language; a good one adds its entry.
    await choose(page, locale, "broken.bib", "text/x-bibtex", Buffer.from("this is not bibtex at all"));
    const refused = await visible(library.getByRole("alert"));
    const refusal = await refused.innerText();
    expect(refusal).toContain("broken.bib");
    if (locale === "zh-CN") expect(refusal).not.toMatch(/[A-Za-z]{4,} [a-z]{2,}/);
    else expect(refusal).not.toMatch(/[\u4e00-\u9fff]/);
    await choose(page, locale, "refs.bib", "text/x-bibtex", Buffer.from(BIB));
    await visible(library.getByText(L(locale, "paper.bib.imported", { n: 1, pdf: 0 })));
    await visible(library.getByRole("button", { name: "Sparse Routing for Long Documents" }));

    // A PDF dropped on the window (browser mode: no path) is offered as a paper and imported.
    // (Three pages: another file than the one picked, which the library would know by its content.)
    await dropFile(page, "dropped.pdf", Buffer.from(await buildPaperPdf(3)).toString("base64"));
    const drop = await visible(page.getByRole("dialog", { name: L(locale, "drop.title") }));
    expect(await drop.getByRole("combobox").inputValue()).toBe("paper");
    await drop.getByRole("button", { name: L(locale, "drop.import", { n: 1 }) }).click();
    await expect.poll(async () => (await engine.call("paper.list", {})).papers.length, { timeout: 60_000 }).toBe(3);

    // 修改题录 opens a dialog with room; a bad DOI is refused under its field, translated, in view.
    await library.getByRole("button", { name: L(locale, "paper.meta.edit") }).first().click();
    const meta = await visible(page.getByRole("dialog", { name: L(locale, "paper.meta.title") }));
    const box = await meta.boundingBox();
    expect(box!.width).toBeGreaterThan(400);
    const doi = meta.getByLabel(L(locale, "paper.meta.fieldDoi"));
    await expect.poll(() => meta.getByLabel(L(locale, "paper.meta.fieldTitle")).inputValue()).not.toBe("");
    await doi.fill("not-a-doi");
    await meta.getByRole("button", { name: L(locale, "paper.meta.save") }).click();
    const error = await visible(meta.getByRole("alert"));
    expect(await error.innerText()).toBe(L(locale, "paper.meta.err.doi", { v: "not-a-doi" }));
    expect(await doi.getAttribute("aria-invalid")).toBe("true");
    const errorBox = await error.boundingBox();
    expect(errorBox!.y + errorBox!.height).toBeLessThan(800);
    await studio.screenshot(`paper-import-meta-${locale}`);
    await meta.getByRole("button", { name: L(locale, "paper.meta.close") }).click();
    await expect.poll(() => page.getByRole("dialog", { name: L(locale, "paper.meta.title") }).count()).toBe(0);
  }, 240_000);
});
