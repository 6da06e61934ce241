import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";

/** Waits up to 20 s for a locator to be visible and returns it. */
export async function visible(locator: Locator, timeout = 20_000): Promise<Locator> {
  await locator.first().waitFor({ state: "visible", timeout });
  return locator.first();
}

/** The card of a pause point (each card is a region labelled by its title). */
export function card(page: Page, name: string): Locator {
  return page.getByRole("region", { name, exact: true });
}

/** Closes the first-run onboarding if it is shown. */
export async function skipOnboarding(page: Page): Promise<void> {
  const later = page.getByRole("button", { name: "稍后再说" });
  await later.waitFor({ state: "visible", timeout: 10_000 }).catch(() => undefined);
  if (await later.isVisible()) await later.click();
}

/** Fills the intent form and starts an article; resolves at PAUSE-1. */
export async function startArticle(page: Page, intent: string): Promise<void> {
  await page.getByLabel("写什么").fill(intent);
  await page.getByLabel("目标读者").fill("企业技术负责人");
  await page.getByRole("button", { name: "开始写作" }).click();
  await visible(card(page, "素材确认"));
}

/** Confirms the materials (all preselected) and waits for PAUSE-2. */
export async function confirmMaterials(page: Page): Promise<void> {
  await card(page, "素材确认").getByRole("button", { name: "确认素材，开始规划大纲" }).click();
  await visible(card(page, "大纲确认"));
}

/** Confirms the outline and waits for PAUSE-3. */
export async function confirmOutline(page: Page): Promise<void> {
  await card(page, "大纲确认").getByRole("button", { name: "确认大纲，开始写作" }).click();
  await visible(card(page, "确认初稿"));
}

/** The rendered draft's text. */
export async function draftText(page: Page): Promise<string> {
  return (await visible(page.getByTestId("markdown-view"))).innerText();
}

/** Polls until the rendered draft contains `text`. */
export async function expectDraftToContain(page: Page, text: string): Promise<void> {
  await expect.poll(() => draftText(page), { timeout: 20_000 }).toContain(text);
}

/** Waits for the run to reach its end ("已定稿" notice). */
export async function expectFinished(page: Page): Promise<void> {
  await visible(page.getByRole("status").filter({ hasText: "已定稿" }));
}
