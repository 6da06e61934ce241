import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createStore } from "zustand/vanilla";
import type { EngineEvent } from "../../shared/events.js";
import type { ScriptoriumApi } from "../../shared/api.js";
import { createAppStore } from "../store/createAppStore.js";
import { StoreProvider, useApp } from "../store/StoreProvider.js";
import type { AppState } from "../store/types.js";
import type { WorkflowReducer } from "../store/workflowViews.js";
import { defineMessages } from "../i18n/defineMessages.js";
import { useFeatureT } from "../i18n/useFeatureT.js";
import { Sidebar } from "../app/Sidebar.js";
import { Timeline } from "./common/Timeline.js";
import type { FeatureEntry } from "./FeatureEntry.js";
import { featureForScreen, registerFeature, workflowViews } from "./registry.js";

/*
 * A fourth workflow added the way a feature folder adds one: its own screen, strings and reducer in
 * one `FeatureEntry`, registered here at run time only — no edit to the store, the shared i18n
 * files or app.css. The store is the real one, fed by a transport double that replays a log.
 */

// --- what `renderer/features/echo/` would hold ---
const echoMessages = defineMessages(
  { "echo.nav": "回声", "echo.new": "新建回声", "echo.heard": "听到 {n} 次：{text}", "echo.pause.again": "再说一遍？", "echo.action.repeat": "重复" },
  { "echo.nav": "Echo", "echo.new": "New echo", "echo.heard": "Heard {n} times: {text}", "echo.pause.again": "Say it again?", "echo.action.repeat": "Repeat" },
);
interface EchoView {
  heard: string[];
}
/** Echo's own event (its contract would declare it): `{ type: "echo_said", text }`. */
const echoReducer: WorkflowReducer<EchoView> = {
  initial: () => ({ heard: [] }),
  reduce: (view, event) => ((event.type as string) === "echo_said" ? { heard: [...view.heard, (event as unknown as { text: string }).text] } : view),
  timelineEvents: ["echo_said"],
};
const selectEcho = (s: AppState): EchoView => (s.current.workflow === "echo" && s.current.workflowView ? (s.current.workflowView as EchoView) : { heard: [] });
function EchoScreen() {
  const t = useFeatureT(echoMessages);
  const heard = useApp((s) => selectEcho(s).heard);
  return (
    <section className="echo-screen">
      <p data-echo="">{t("echo.heard", { n: heard.length, text: heard.join(" ") })}</p>
      <Timeline renderEntry={(entry) => (entry.kind === "event" ? <q>{String((entry.event as unknown as { text: string }).text)}</q> : null)} />
    </section>
  );
}
const echoFeature: FeatureEntry = { screen: "echo", workflows: ["echo"], nav: { label: "echo.nav", icon: "◎" }, newLabel: "echo.new", component: EchoScreen, messages: echoMessages, view: echoReducer };
// --- end of the feature folder ---

/** A transport double: `subscribe` replays the session's log, `call` answers what the shell asks on open. */
function replayApi(log: Record<string, EngineEvent[]>): ScriptoriumApi {
  return {
    call: (async (method: string) => {
      if (method === "sessions.list") return { sessions: [] };
      throw new Error(`unexpected call ${method}`);
    }) as ScriptoriumApi["call"],
    subscribe(sessionId, afterSeq, onEvent) {
      for (const event of log[sessionId] ?? []) if (event.seq > afterSeq) onEvent(event);
      return () => undefined;
    },
  };
}

const ev = (seq: number, fields: Record<string, unknown>) => ({ seq, sessionId: "e1", ts: `2025-01-01T00:00:0${seq}.000Z`, ...fields }) as unknown as EngineEvent;

describe("a feature registered at run time", () => {
  registerFeature(echoFeature);

  it("gets its sessions folded by its reducer, its screen opened, and its strings shown by the shell", () => {
    const store = createAppStore(
      replayApi({
        e1: [
          ev(1, { type: "connected", workflow: "echo" }),
          ev(2, { type: "step_start", step: "listen", agent: "system", label: "listen" }),
          ev(3, { type: "echo_said", text: "hello" }),
          ev(4, { type: "echo_said", text: "world" }),
          ev(5, { type: "await_user", pausePoint: "again", allowedActions: ["repeat"], context: {} }),
          ev(6, { type: "resumed", pausePoint: "again", action: "repeat" }),
        ],
      }),
      { workflowViews },
    );
    store.setState({ locale: "en" });
    store.getState().openSession("e1");

    const state = store.getState();
    expect(state.current.workflowView).toEqual({ heard: ["hello", "world"] });
    expect(state.screen).toBe("echo");
    expect(state.current.timeline.map((e) => e.kind)).toEqual(["step", "event", "event", "pause"]);

    const Screen = featureForScreen(state.screen)?.component;
    expect(Screen).toBe(EchoScreen);
    // Server rendering reads a store's initial state (zustand's server snapshot): render a store that starts where this one is.
    const snapshot = createStore<AppState>()(() => store.getState());
    const html = renderToStaticMarkup(
      <StoreProvider store={snapshot}>
        <Sidebar />
        {Screen && <Screen />}
      </StoreProvider>,
    );
    // The screen: its own string over its own view, and its timeline entries.
    expect(html).toContain("Heard 2 times: hello world");
    expect(html).toContain("<q>hello</q>");
    // The shell: the nav button and the "new" label from the feature's strings; the common timeline
    // names the pause and the chosen action from them too.
    expect(html).toContain("Echo</button>");
    expect(html).toContain("+ New echo");
    expect(html).toContain("Say it again?");
    expect(html).toContain("Repeat");
  });
});
