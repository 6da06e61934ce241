import { createStore, type StoreApi } from "zustand/vanilla";
import type { ScriptoriumApi } from "../../shared/api.js";
import { SYSTEM_STREAM } from "../../shared/events.js";
import type { AppState } from "./types.js";
import { NO_WORKFLOW_VIEWS, type WorkflowViews } from "./workflowViews.js";
import { createSessionsSlice } from "./sessionsSlice.js";
import { createCurrentSlice } from "./currentSlice.js";
import { createModelsSlice } from "./modelsSlice.js";
import { createSettingsSlice } from "./settingsSlice.js";
import { createKnowledgeSlice } from "./knowledgeSlice.js";
import { createProvidersSlice } from "./providersSlice.js";
import { createUiSlice } from "./uiSlice.js";
import { trackProgress } from "./progressTracker.js";
import { createConnectionSlice } from "./connectionSlice.js";
import type { ConnectionMonitor } from "../transport/ConnectionMonitor.js";

export type AppStore = StoreApi<AppState>;

export interface AppStoreOptions {
  /** The workflows' screens and reducers (the feature registry's `workflowViews`); none by default. */
  workflowViews?: WorkflowViews;
  /** The client clock (tests pin it). */
  now?: () => number;
  /** The HTTP transport's connection monitor (browser mode); none over IPC. */
  connection?: ConnectionMonitor | null;
}

/**
 * The one renderer store, composed from slices (zustand slices pattern). The transport and the
 * workflows are injected, so the same store runs over IPC, HTTP+SSE, or a fake in unit tests,
 * and never imports a feature's screen.
 */
export function createAppStore(api: ScriptoriumApi, options: AppStoreOptions = {}): AppStore {
  const { workflowViews = NO_WORKFLOW_VIEWS, now = Date.now, connection = null } = options;
  let systemSubscribed = false;
  return createStore<AppState>()((set, get) => ({
    api,
    workflowViews,
    ...createSessionsSlice(set, get),
    ...createCurrentSlice(set, get),
    ...createModelsSlice(set, get),
    ...createSettingsSlice(set, get),
    ...createKnowledgeSlice(set, get),
    ...createProvidersSlice(set, get),
    ...createUiSlice(workflowViews.defaultScreen)(set, get),
    ...createConnectionSlice(connection)(set, get),
    async init() {
      if (!systemSubscribed) {
        systemSubscribed = true;
        api.subscribe(SYSTEM_STREAM, 0, (event) => {
          // A background job that failed or was cancelled ends with an `error` naming its task: its bar ends too.
          if (event.type === "error") {
            const task = (event.error.details as { task?: unknown } | undefined)?.task;
            const known = typeof task === "string" ? get().tasks[task] : undefined;
            if (known && !known.finished) set((s) => ({ tasks: { ...s.tasks, [known.task]: { ...known, finished: true } } }));
            // A download says why it failed where it was started (the catalog), in the UI's language. Kept
            // whether or not `models.download` has answered yet: a fast failure can beat its reply. A
            // cancel is the user's own doing and needs no explaining.
            if (typeof task === "string" && event.error.code !== "aborted") set((s) => ({ downloadErrors: { ...s.downloadErrors, [task]: event.error } }));
            return;
          }
          if (event.type !== "progress") return;
          const previous = get().tasks[event.task];
          const progress = trackProgress(previous, event, now());
          set((s) => ({ tasks: { ...s.tasks, [event.task]: progress } }));
          // A finished task changes what the lists show.
          if (progress.finished && !previous?.finished) {
            void get().refreshModels();
            // A finished download may have become the chat model.
            if (get().downloads[event.task]) void get().loadSettings();
            void get().refreshSources();
            if (event.task.startsWith("folder")) void get().refreshFolders();
          }
        });
      }
      await Promise.all([get().loadSettings(), get().refreshSessions(), get().refreshModels()]);
    },
  }));
}
