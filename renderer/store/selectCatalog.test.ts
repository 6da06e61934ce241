import { describe, expect, it } from "vitest";
import type { AppState } from "./types.js";
import { selectCatalog } from "./selectors.js";

describe("selectCatalog", () => {
  it("gives the same empty list on every call while the models are not loaded (a fresh [] re-rendered the settings screen forever)", () => {
    const state = { models: null } as unknown as AppState;
    expect(selectCatalog(state)).toBe(selectCatalog(state));
    expect(selectCatalog(state)).toEqual([]);
  });

  it("gives the loaded catalog itself", () => {
    const catalog = [{ id: "qwen3-1.7b" }];
    expect(selectCatalog({ models: { catalog } } as unknown as AppState)).toBe(catalog);
  });
});
