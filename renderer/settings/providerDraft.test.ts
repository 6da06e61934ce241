import { describe, expect, it } from "vitest";
import { draftToConfig, newProviderDraft, parseHeaders, toDraft } from "./providerDraft.js";

describe("provider form helpers", () => {
  it("parses header lines and rejects a line without a colon", () => {
    expect(parseHeaders("X-Team: 写作\n\nAccept: application/json")).toEqual({ "X-Team": "写作", Accept: "application/json" });
    expect(parseHeaders("broken line")).toBe('line 1: expected "Name: value"');
  });

  it("round-trips a config through the editable draft", () => {
    const draft = newProviderDraft();
    draft.headersText = "X-A: 1";
    const config = draftToConfig(draft);
    expect(typeof config).toBe("object");
    if (typeof config === "string") return;
    expect(config.headers).toEqual({ "X-A": "1" });
    expect(toDraft(config).headersText).toBe("X-A: 1");
  });

  it("names the bad field of an invalid config", () => {
    const draft = newProviderDraft();
    draft.config = { ...draft.config, baseUrl: "not a url" };
    expect(draftToConfig(draft)).toMatch(/^baseUrl: /);
  });
});
