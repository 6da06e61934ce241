import { describe, expect, it } from "vitest";
import { chooseBrowser, findBrowser, NO_BROWSER_MESSAGE, utf8Env } from "./harness/launchBrowser.js";

describe("e2e browser discovery", () => {
  it("fails with one line saying what to install when no browser exists", async () => {
    const probe = { env: undefined, exists: () => false, tryChannel: async () => false };
    const error = await chooseBrowser(probe).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(NO_BROWSER_MESSAGE);
    expect(NO_BROWSER_MESSAGE).not.toContain("\n");
    expect(NO_BROWSER_MESSAGE).toMatch(/install Chromium.*Chrome.*Edge.*CHROMIUM_PATH/);
  });

  it("prefers CHROMIUM_PATH, refuses a missing one, then falls back to installed Chrome / Edge channels", async () => {
    await expect(chooseBrowser({ env: "/x/chrome", exists: (f) => f === "/x/chrome", tryChannel: async () => false })).resolves.toEqual({ kind: "path", executablePath: "/x/chrome" });
    await expect(chooseBrowser({ env: "/nope", exists: () => false, tryChannel: async () => true })).rejects.toThrow(/CHROMIUM_PATH=\/nope does not exist/);
    await expect(chooseBrowser({ env: undefined, exists: () => false, tryChannel: async (c) => c === "msedge" })).resolves.toEqual({ kind: "channel", channel: "msedge" });
  });

  it("finds this machine's browser", async () => {
    const choice = await findBrowser();
    expect(choice.kind === "channel" || choice.executablePath.length > 0).toBe(true);
  });

  it("gives the browser a UTF-8 locale when the caller has none, and keeps the caller's otherwise", () => {
    expect(utf8Env({ PATH: "/bin" })).toEqual({ PATH: "/bin", LC_ALL: "C.UTF-8" });
    expect(utf8Env({ LANG: "C", HOME: undefined })).toEqual({ LANG: "C", LC_ALL: "C.UTF-8" });
    expect(utf8Env({ LANG: "zh_CN.UTF-8" })).toEqual({ LANG: "zh_CN.UTF-8" });
  });
});
