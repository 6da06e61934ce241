import type { ScriptoriumApi, MethodOutput, SessionSummary, MethodInput } from "../../shared/api.js";
import type { ApiError } from "../../shared/errors.js";
import type { Settings } from "../../shared/models.js";
import type { FolderBinding, Source } from "../../shared/knowledge.js";
import type { ProviderConfig } from "../../shared/providers.js";
import type { UiLocale } from "../i18n/translate.js";
import type { SessionView } from "./sessionView.js";
import type { TaskProgress } from "./TaskProgress.js";
import type { ConnectionState } from "../transport/ConnectionMonitor.js";

export type { TaskProgress };
import type { WorkflowViews } from "./workflowViews.js";

export type ModelsList = MethodOutput<"models.list">;
export type ProviderTestResult = MethodOutput<"providers.test">;

export interface SessionsSlice {
  sessions: SessionSummary[];
  refreshSessions(): Promise<void>;
  deleteSession(id: string): Promise<void>;
}

/** What `run.start` takes: `{ workflow, input }` of any registered workflow. */
export type RunStart = MethodInput<"run.start">;
/** What `run.resume` carries for the open session's workflow. */
export type ResumePayload = MethodInput<"run.resume">["payload"];

export interface CurrentSlice {
  current: SessionView;
  /** Subscribes to a session from seq 0 so the view is rebuilt from its whole event log; shows its workflow's screen. */
  openSession(id: string): void;
  closeSession(): void;
  /** Starts a run of any workflow and opens it; resolves the session id, or null on error (shown in the banner). */
  startRun(start: RunStart): Promise<string | null>;
  resume(payload: ResumePayload): Promise<boolean>;
  cancelRun(): Promise<void>;
}

export interface ModelsSlice {
  models: ModelsList | null;
  /** Downloads started from this window: downloadId → catalog entry; progress lives in `tasks`. */
  downloads: Record<string, { catalogId: string }>;
  /** Catalog ids whose download the user paused (cancelled keeping the partial file). */
  /** Download ids paused by the user: the partial file is kept and `resumeDownload` continues it. */
  pausedDownloads: string[];
  /** Why a background task failed (its `error` event on the system stream), by task id: downloads read theirs; resuming clears it. */
  downloadErrors: Record<string, ApiError>;
  refreshModels(): Promise<void>;
  /** Imports a .gguf; resolves null on success, else the error (shown inline by the form). */
  importModel(path: string): Promise<ApiError | null>;
  downloadModel(catalogId: string): Promise<void>;
  pauseDownload(downloadId: string): Promise<void>;
  resumeDownload(downloadId: string): Promise<void>;
  cancelDownload(downloadId: string): Promise<void>;
  selectModel(input: MethodInput<"models.select">): Promise<void>;
}

export interface SettingsSlice {
  settings: Settings | null;
  loadSettings(): Promise<void>;
  updateSettings(patch: Partial<Settings>): Promise<boolean>;
  /**
   * Store the OpenAI-compatible backend's API key in the engine's secret store (`null` clears it).
   * The key is sent once and never kept in the store; `settings.openai.hasKey` tells whether one is saved.
   */
  setApiKey(apiKey: string | null): Promise<boolean>;
}

export interface KnowledgeSlice {
  sources: Source[];
  /** Every background task of the system stream (downloads, ingest, re-index) by task id. */
  tasks: Record<string, TaskProgress>;
  /** Ingest / re-index task ids started from this window. */
  knowledgeTasks: string[];
  /** Folders bound to a collection (followed by a watcher in the engine). */
  folders: FolderBinding[];
  refreshSources(): Promise<void>;
  refreshFolders(): Promise<void>;
  bindFolder(path: string): Promise<void>;
  setFolderPaused(id: string, paused: boolean): Promise<void>;
  unbindFolder(id: string, removeSources: boolean): Promise<void>;
  ingest(paths: string[]): Promise<void>;
  /** Follows an ingest started elsewhere (a drop): the knowledge panel shows its progress and report. */
  trackKnowledgeTask(taskId: string): void;
  deleteSource(id: string): Promise<void>;
  reindex(): Promise<void>;
}

export interface ProvidersSlice {
  providers: ProviderConfig[];
  providerTest: ProviderTestResult | null;
  refreshProviders(): Promise<void>;
  saveProvider(config: ProviderConfig, apiKey?: string | null): Promise<boolean>;
  deleteProvider(name: string): Promise<void>;
  testProvider(config: ProviderConfig, query: string): Promise<void>;
}

export interface ConnectionSlice {
  /** Whether the server is reachable (browser mode); timers stop ticking while it is not. */
  connection: ConnectionState;
}

/** A screen id of the injected `WorkflowViews` (the feature registry's `FeatureEntry.screen`), or "settings". */
export type Screen = string;
export type SettingsTab = "models" | "knowledge" | "providers";

export interface UiSlice {
  screen: Screen;
  settingsTab: SettingsTab;
  locale: UiLocale;
  /** Errors shown in the banner, newest last. */
  errors: ApiError[];
  onboardingDismissed: boolean;
  /** Material whose detail is open (citation chips). */
  openMaterialId: string | null;
  /** The user's hand edit of the draft (markdown editor), sent as `edited_draft` at PAUSE-3. */
  draftEdit: string | null;
  setDraftEdit(text: string | null): void;
  setScreen(screen: Screen): void;
  setSettingsTab(tab: SettingsTab): void;
  setLocale(locale: UiLocale): void;
  pushError(error: unknown): void;
  dismissError(index: number): void;
  dismissOnboarding(): void;
  openMaterial(id: string | null): void;
  /** The in-app confirmation dialog on screen, if any (never `window.confirm`). */
  confirmRequest: ConfirmRequest | null;
  /** Asks the user in an in-app dialog; resolves true for the confirm button, false otherwise. */
  askConfirm(request: Omit<ConfirmRequest, "resolve">): Promise<boolean>;
  /** Closes the dialog with the user's answer. */
  answerConfirm(ok: boolean): void;
  /**
   * A request to bring a line of the open document into view (docgen violations, paper citations,
   * the outline). `seq` grows with every request so asking for the same line twice still scrolls.
   */
  revealRequest: { line: number; seq: number } | null;
  /** Scrolls the document pane (editor or rendered view) to a 1-based line and selects it. */
  revealLine(line: number): void;
}

/** One in-app confirmation: a message and the labels of its two buttons. */
export interface ConfirmRequest {
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Styles the confirm button as destructive (delete). */
  danger?: boolean;
  resolve(ok: boolean): void;
}

export interface AppState extends SessionsSlice, CurrentSlice, ConnectionSlice, ModelsSlice, SettingsSlice, KnowledgeSlice, ProvidersSlice, UiSlice {
  api: ScriptoriumApi;
  /** The workflows' screens and reducers, injected at creation: the store imports no feature. */
  workflowViews: WorkflowViews;
  /** Loads everything the first screen needs and subscribes to the system stream. */
  init(): Promise<void>;
}

export type SliceCreator<T> = (
  set: (partial: Partial<AppState> | ((state: AppState) => Partial<AppState>)) => void,
  get: () => AppState,
) => T;
