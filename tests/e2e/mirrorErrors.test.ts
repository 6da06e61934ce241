import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { zh } from "../../renderer/i18n/zh.js";
import { en } from "../../renderer/i18n/en.js";
import { onboardingMessages } from "../../renderer/onboarding/messages.js";
import { studioPerTest } from "./harness/startStudio.js";
import { visible } from "./harness/studioSteps.js";

/**
 * With a mirror set, a download that cannot reach it says so — the mirror's host and "connection
 * refused" — in the catalog and under the mirror field, not "without a mirror you need the internet"
 * with the cause folded away; an invalid mirror address is refused under the field, not in a banner.
 */
const openStudio = studioPerTest();
type Locale = "zh-CN" | "en";
const TABLES = [{ "zh-CN": zh, en }, onboardingMessages] as Array<{ "zh-CN": Record<string, string>; en: Record<string, string> }>;
function L(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const table = TABLES.find((t) => key in t["zh-CN"]);
  if (!table) throw new Error(`no message ${key}`);
  return (table[locale][key] ?? "").replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each<Locale>(["zh-CN", "en"])("mirror errors (%s)", (locale) => {
  it("refuses an invalid mirror at the field and names the real cause when the mirror refuses connections", async () => {
    const studio = await openStudio({}, { viewport: { width: 1280, height: 800 } });
    const { page, engine } = studio;
    if (locale === "en") {
      await engine.call("settings.update", { locale: "en" });
      await page.reload();
    }
    const welcome = await visible(page.getByRole("dialog", { name: L(locale, "onboarding.title") }));
    await welcome.getByRole("button", { name: L(locale, "onboarding.skip") }).click();
    await page.getByRole("button", { name: L(locale, "nav.settings") }).click();
    await page.getByRole("tab", { name: L(locale, "settings.models") }).click();

    // An invalid address: refused under the field, in the UI language; nothing saved, no banner.
    const field = page.locator(".mirror-field");
    await field.getByLabel(L(locale, "mirror.label")).fill("mirror.corp/models");
    await field.getByRole("button", { name: L(locale, "mirror.save") }).click();
    const invalid = await visible(field.getByRole("alert"));
    expect(await invalid.innerText()).toBe(L(locale, "mirror.invalid", { url: "mirror.corp/models" }));
    expect(await page.locator(".banner--error").count()).toBe(0);
    expect((await engine.call("settings.get", {})).mirrorBaseUrl).toBeNull();

    // A mirror where nothing listens: the download says the mirror refused the connection.
    const port = await closedPort();
    const mirror = `http://127.0.0.1:${port}/models/`;
    await field.getByLabel(L(locale, "mirror.label")).fill(mirror);
    await field.getByRole("button", { name: L(locale, "mirror.save") }).click();
    await expect.poll(async () => (await engine.call("settings.get", {})).mirrorBaseUrl).toBe(mirror);
    const entry = page.locator(".catalog__item").first();
    await entry.getByRole("button", { name: L(locale, "models.download"), exact: true }).click();
    const failure = await visible(entry.getByRole("alert"), 60_000);
    const refused = L(locale, "download.cause.refused");
    const sentence = L(locale, "download.failed", { why: L(locale, "download.why.mirrorUnreachable", { host: `127.0.0.1:${port}`, cause: refused }) });
    await expect.poll(() => failure.locator("p").first().innerText()).toBe(sentence);
    expect(await entry.innerText()).not.toContain(L(locale, "download.why.unavailable"));
    // The same cause sits under the mirror field, where the address is fixed.
    const near = await visible(field.getByTestId("mirror-last-failure"));
    expect(await near.innerText()).toContain(refused);
    await studio.screenshot(`mirror-errors-${locale}`);
  }, 180_000);
});
