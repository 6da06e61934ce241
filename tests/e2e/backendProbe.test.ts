import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zh } from "../../renderer/i18n/zh.js";
import { en } from "../../renderer/i18n/en.js";
import { studioPerTest } from "./harness/startStudio.js";
import { visible } from "./harness/studioSteps.js";

/**
 * Settings → Models with the Ollama backend, in both UI languages: the model field is empty with an
 * example as its placeholder (no name the user never chose), a test-connection button tries the
 * address as typed, and a refused connection names its cause beside the fields. A real HTTP server
 * on 127.0.0.1 answers Ollama's OpenAI-compatible model list.
 */
const openStudio = studioPerTest();
let ollama: http.Server;
let ollamaUrl = "";
const asked: string[] = [];

beforeAll(async () => {
  ollama = http.createServer((req, res) => {
    asked.push(req.url ?? "");
    res.setHeader("content-type", "application/json");
    if (req.url === "/v1/models") res.end(JSON.stringify({ object: "list", data: [{ id: "qwen2.5:3b" }, { id: "llama3.2:1b" }] }));
    else res.writeHead(404).end("{}");
  });
  await new Promise<void>((resolve) => ollama.listen(0, "127.0.0.1", resolve));
  ollamaUrl = `http://127.0.0.1:${(ollama.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => ollama.close(() => resolve()));
});

describe.each([["zh-CN", zh] as const, ["en", en] as const])("the Ollama backend's settings (%s)", { timeout: 180_000 }, (locale, T) => {
  it("shows a placeholder, not a prefilled model, and tests the typed address with the real cause beside it", async () => {
    const studio = await openStudio({}, { locale });
    const { page } = studio;
    if (locale === "en") {
      await studio.engine.call("settings.update", { locale: "en" });
      await page.reload();
    }
    await (await visible(page.getByRole("button", { name: T["onboarding.skip"] }))).click();
    await page.getByRole("button", { name: T["nav.settings"] }).click();
    await page.getByRole("tab", { name: T["settings.models"] }).click();
    const form = page.locator(".backend-form").first();
    await form.getByLabel(T["models.backend.ollama"], { exact: true }).check();

    const model = form.getByLabel(T["models.modelName"]);
    expect(await model.inputValue()).toBe("");
    expect(await model.getAttribute("placeholder")).toBe("qwen2.5:3b");

    // A closed port: the refusal is named beside the fields, in the UI's language.
    const url = form.getByLabel(T["models.baseUrl"]);
    await url.fill("http://127.0.0.1:9");
    await form.getByRole("button", { name: T["models.testConnection"] }).click();
    const alert = await visible(form.getByRole("alert"));
    await expect.poll(() => alert.innerText()).toContain("ECONNREFUSED");
    expect(await alert.innerText()).toContain(T["models.connectFailed"].split("{url}")[0]!);
    expect(await alert.innerText()).toContain("http://127.0.0.1:9");

    // The running server, typed but not yet saved: its models are listed and offered in the field.
    await url.fill(ollamaUrl);
    await form.getByRole("button", { name: T["models.testConnection"] }).click();
    const status = await visible(form.getByRole("status"));
    await expect.poll(() => status.innerText()).toContain(locale === "en" ? "2 models" : "2 个模型");
    expect(asked).toContain("/v1/models");
    await expect.poll(() => page.locator("#remote-models option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(["llama3.2:1b", "qwen2.5:3b"]);
    await studio.screenshot(`61-ollama-probe-${locale}`);
    expect(studio.foreignRequests).toEqual([]);
  });
});
