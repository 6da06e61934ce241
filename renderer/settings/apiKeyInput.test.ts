import { describe, expect, it } from "vitest";
import { API } from "../../shared/api.js";
import { API_KEY_MAX_LENGTH, apiKeyToSave } from "./apiKeyInput.js";

describe("apiKeyToSave", () => {
  it("trims pasted whitespace and refuses empty or over-long keys", () => {
    expect(apiKeyToSave("  sk-abc\n")).toBe("sk-abc");
    expect(apiKeyToSave("   ")).toBeNull();
    expect(apiKeyToSave("")).toBeNull();
    expect(apiKeyToSave("k".repeat(API_KEY_MAX_LENGTH))).toHaveLength(API_KEY_MAX_LENGTH);
    expect(apiKeyToSave("k".repeat(API_KEY_MAX_LENGTH + 1))).toBeNull();
  });

  it("accepts exactly what the contract accepts", () => {
    const schema = API["settings.setApiKey"].input;
    for (const typed of ["sk-abc", " x ", "k".repeat(API_KEY_MAX_LENGTH), "k".repeat(API_KEY_MAX_LENGTH + 1), ""]) {
      const key = apiKeyToSave(typed);
      if (key !== null) expect(schema.safeParse({ backend: "openai", apiKey: key }).success).toBe(true);
    }
    expect(schema.safeParse({ backend: "openai", apiKey: "k".repeat(API_KEY_MAX_LENGTH + 1) }).success).toBe(false);
  });
});
