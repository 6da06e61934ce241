import { describe, expect, it } from "vitest";
import type { ScriptoriumApi } from "../../shared/api.js";
import { createAppStore } from "./createAppStore.js";

const api: ScriptoriumApi = {
  call: async () => {
    throw new Error("no engine in this test");
  },
  subscribe: () => () => undefined,
};

describe("ui slice", () => {
  it("asks in an in-app dialog and resolves with the user's answer; a second question cancels the first", async () => {
    const store = createAppStore(api);
    const first = store.getState().askConfirm({ message: "删除？", confirmLabel: "删除", danger: true });
    expect(store.getState().confirmRequest?.message).toBe("删除？");
    const second = store.getState().askConfirm({ message: "不用素材？", confirmLabel: "写" });
    await expect(first).resolves.toBe(false);
    store.getState().answerConfirm(true);
    await expect(second).resolves.toBe(true);
    expect(store.getState().confirmRequest).toBeNull();
  });

  it("remembers a skipped welcome dialog for the tab, so a reload does not show it again", () => {
    const items = new Map<string, string>();
    const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
    const saved = Object.getOwnPropertyDescriptor(globalThis, "sessionStorage");
    Object.defineProperty(globalThis, "sessionStorage", { value: storage, configurable: true });
    try {
      expect(createAppStore(api).getState().onboardingDismissed).toBe(false);
      createAppStore(api).getState().dismissOnboarding();
      expect(createAppStore(api).getState().onboardingDismissed).toBe(true);
    } finally {
      if (saved) Object.defineProperty(globalThis, "sessionStorage", saved);
      else delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
    }
  });

  it("revealLine asks the document pane for a 1-based line, again and again", () => {
    const store = createAppStore(api);
    store.getState().revealLine(12.7);
    expect(store.getState().revealRequest).toEqual({ line: 12, seq: 1 });
    store.getState().revealLine(12);
    expect(store.getState().revealRequest).toEqual({ line: 12, seq: 2 });
    store.getState().revealLine(-3);
    expect(store.getState().revealRequest?.line).toBe(1);
  });
});
