import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createStore } from "zustand/vanilla";
import type { ScriptoriumApi } from "../../../shared/api.js";
import { createAppStore } from "../../store/createAppStore.js";
import { StoreProvider } from "../../store/StoreProvider.js";
import type { AppState } from "../../store/types.js";
import { DocumentPane } from "./DocumentPane.js";

const api = { call: async () => ({ sessions: [] }), subscribe: () => () => undefined } as unknown as ScriptoriumApi;

/** Server-rendered pane over a store whose open session is an article with a draft. */
function render(workflow: string | undefined): string {
  const store = createAppStore(api);
  store.setState((s) => ({ locale: "zh-CN", current: { ...s.current, sessionId: "a1", workflow: "article", status: "done", draft: "# 文章\n\n文章的正文。" } }));
  const snapshot = createStore<AppState>()(() => store.getState());
  return renderToStaticMarkup(
    <StoreProvider store={snapshot}>
      <DocumentPane title="文档" workflow={workflow} liveText="# 文章\n\n文章的正文。" streaming={false} editable={true} edit={null} onEdit={() => undefined} emptyText="选择来源并填写主题后开始。" />
    </StoreProvider>,
  );
}

describe("DocumentPane of one workflow", () => {
  it("shows nothing of another workflow's open session: no text, no editor switch", () => {
    const foreign = render("docgen");
    expect(foreign).toContain("选择来源并填写主题后开始。");
    expect(foreign).not.toContain("文章的正文");
    expect(foreign).not.toContain('role="tablist"');
  });

  it("shows its own workflow's session (and any session when no workflow is given)", () => {
    for (const html of [render("article"), render(undefined)]) {
      expect(html).toContain("文章的正文");
      expect(html).toContain('role="tablist"');
    }
  });
});
