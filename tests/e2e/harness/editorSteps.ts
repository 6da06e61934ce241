import type { Locator, Page } from "playwright-core";
import { visible } from "./studioSteps.js";

/** Opens the editor tab of the document pane and returns the CodeMirror content element. */
export async function openEditor(page: Page): Promise<Locator> {
  await page.getByRole("tab", { name: "编辑" }).click();
  return visible(page.getByRole("textbox", { name: "Markdown 编辑器" }));
}

/** The editor's text as shown (one `.cm-line` per line; short test drafts are never virtualised). */
export async function editorText(page: Page): Promise<string> {
  return page.locator(".cm-content").innerText();
}

/** Puts the cursor at the end of the document and types `text` (an IME-style insert, so Chinese works). */
export async function typeAtEnd(page: Page, text: string): Promise<void> {
  await page.getByRole("textbox", { name: "Markdown 编辑器" }).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.insertText(text);
}
