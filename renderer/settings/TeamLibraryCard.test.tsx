import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createStore } from "zustand/vanilla";
import type { ScriptoriumApi } from "../../shared/api.js";
import { SettingsSchema } from "../../shared/models.js";
import { createAppStore } from "../store/createAppStore.js";
import { StoreProvider } from "../store/StoreProvider.js";
import type { AppState } from "../store/types.js";
import { TeamLibraryCard } from "./TeamLibraryCard.js";

const api = { call: async () => ({}), subscribe: () => () => undefined } as unknown as ScriptoriumApi;

function render(locale: "zh-CN" | "en", objectStore?: Record<string, unknown>): string {
  const store = createAppStore(api);
  store.setState({ locale, settings: SettingsSchema.parse(objectStore ? { objectStore } : {}) });
  const snapshot = createStore<AppState>()(() => store.getState());
  return renderToStaticMarkup(
    <StoreProvider store={snapshot}>
      <TeamLibraryCard />
    </StoreProvider>,
  );
}

describe("TeamLibraryCard", () => {
  it("shows the saved location, endpoint and role, in zh and en", () => {
    const saved = { locations: { library: "s3://team/library", papers: "s3://team/papers" }, endpoint: "http://s3.corp:7070", allowHttp: true, role: "writer" };
    const zh = render("zh-CN", saved);
    expect(zh).toContain("团队资料库（对象存储）");
    expect(zh).toContain('value="s3://team/library"');
    expect(zh).toContain("论文库位置");
    expect(zh).toContain('value="s3://team/papers"');
    expect(zh).toContain('<input class="input" placeholder="s3://team/code" aria-invalid="false" value=""/>');
    expect(zh).toContain('value="http://s3.corp:7070"');
    expect(zh).toMatch(/radio-card is-active"><input type="radio" name="team-role" checked=""\/><span>负责写入/);
    const en = render("en");
    expect(en).toContain("Team library (object storage)");
    expect(en).toContain('<input class="input" placeholder="s3://team/library" aria-invalid="false" value=""/>');
    expect(en).toContain("Papers location");
    expect(en).toContain("Code location");
    expect(en).toMatch(/radio-card is-active"><input type="radio" name="team-role" checked=""\/><span>Reads only/);
  });
});
