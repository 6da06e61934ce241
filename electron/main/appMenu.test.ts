import { describe, expect, it } from "vitest";
import { appMenuTemplate } from "./appMenu.js";
import { createRunNotifier } from "./runNotifier.js";
import type { EngineEvent } from "../../shared/events.js";

describe("appMenuTemplate", () => {
  it("has the standard Edit / View / Window / Help roles on every OS, the app menu on macOS only", () => {
    for (const platform of ["win32", "linux", "darwin"] as const) {
      const menu = appMenuTemplate({ platform, isDev: false, onAbout: () => undefined });
      const roles = menu.map((m) => m.role);
      expect(roles).toEqual(expect.arrayContaining(["editMenu", "viewMenu", "windowMenu", "help"]));
      expect(roles.includes("appMenu")).toBe(platform === "darwin");
      const edit = menu.find((m) => m.role === "editMenu")!.submenu as Array<{ role?: string }>;
      expect(edit.map((i) => i.role)).toEqual(expect.arrayContaining(["undo", "redo", "cut", "copy", "paste", "selectAll"]));
      const view = menu.find((m) => m.role === "viewMenu")!.submenu as Array<{ role?: string }>;
      expect(view.some((i) => i.role === "toggleDevTools")).toBe(false);
    }
    const dev = appMenuTemplate({ platform: "linux", isDev: true, onAbout: () => undefined });
    expect((dev.find((m) => m.role === "viewMenu")!.submenu as Array<{ role?: string }>).some((i) => i.role === "toggleDevTools")).toBe(true);
  });
});

describe("createRunNotifier", () => {
  const at = Date.parse("2026-01-01T00:00:10Z");
  const ev = (seq: number, type: string, ts: string, extra: Record<string, unknown> = {}) => ({ seq, sessionId: "s1", ts, type, ...extra }) as unknown as EngineEvent;
  it("notifies a fresh pause, end or error once, only in the background, never a replay", () => {
    let background = true;
    const notify = createRunNotifier({ now: () => at, isBackground: () => background });
    const pause = ev(5, "await_user", "2026-01-01T00:00:09Z", { pausePoint: "material_confirm", allowedActions: [], context: {} });
    expect(notify(pause)?.title).toContain("等待你的确认");
    expect(notify(pause)).toBeNull();
    expect(notify(ev(1, "await_user", "2025-12-31T23:00:00Z", { pausePoint: "x" }))).toBeNull();
    expect(notify(ev(6, "step_start", "2026-01-01T00:00:10Z"))).toBeNull();
    background = false;
    expect(notify(ev(7, "done", "2026-01-01T00:00:10Z", { summary: "好了" }))).toBeNull();
    background = true;
    expect(notify(ev(8, "error", "2026-01-01T00:00:10Z", { error: { code: "x", message: "坏了" } }))?.body).toBe("坏了");
  });
});
