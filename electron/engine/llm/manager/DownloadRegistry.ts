import { randomUUID } from "node:crypto";
import { ScriptoriumError, toApiError, type ApiError } from "../../../../shared/errors.js";
import type { InstalledModel } from "../../../../shared/models.js";
import { deletePart, type DownloadProgress } from "./downloadFile.js";
import type { DownloadRequest, ModelManager } from "./ModelManager.js";

export type DownloadState = "downloading" | "paused" | "done" | "error" | "cancelled";

/** What the UI shows for one download; sent on every change. */
export interface DownloadStatus {
  id: string;
  request: DownloadRequest;
  fileName: string;
  state: DownloadState;
  progress: DownloadProgress | null;
  error: ApiError | null;
  model: InstalledModel | null;
}

interface Entry {
  status: DownloadStatus;
  destPath: string;
  controller: AbortController | null;
  run: Promise<void>;
}

/**
 * Tracks model downloads by id so adapters can pause, resume and cancel them and forward progress
 * as `progress` events. Pause aborts the transfer and keeps the `.part`; resume starts it again
 * (the downloader continues from the bytes already on disk); cancel also deletes the `.part`.
 */
export class DownloadRegistry {
  private readonly entries = new Map<string, Entry>();

  /** `onChange` gets a copy of the status on every state or progress change. */
  constructor(
    private readonly manager: ModelManager,
    private readonly onChange: (status: DownloadStatus) => void = () => {},
  ) {}

  /** Start a download; throws `conflict` if the same file is already downloading. */
  async start(request: DownloadRequest): Promise<string> {
    const resolved = await this.manager.resolveDownload(request);
    for (const entry of this.entries.values()) {
      if (entry.destPath === resolved.destPath && entry.status.state === "downloading") {
        throw new ScriptoriumError("conflict", `${resolved.fileName} is already downloading.`, { downloadId: entry.status.id });
      }
    }
    const id = `dl-${randomUUID()}`;
    const entry: Entry = {
      status: { id, request, fileName: resolved.fileName, state: "downloading", progress: null, error: null, model: null },
      destPath: resolved.destPath,
      controller: null,
      run: Promise.resolve(),
    };
    this.entries.set(id, entry);
    this.launch(entry);
    return id;
  }

  /** Stop the transfer, keeping the partial file. */
  async pause(id: string): Promise<void> {
    const entry = this.require(id);
    if (entry.status.state !== "downloading") return;
    entry.controller?.abort(new Error("Download paused."));
    await entry.run;
  }

  /** Continue a paused or failed download from the bytes already received. */
  resume(id: string): void {
    const entry = this.require(id);
    if (entry.status.state !== "paused" && entry.status.state !== "error") {
      throw new ScriptoriumError("conflict", `Download ${id} is ${entry.status.state}; only a paused or failed download resumes.`);
    }
    this.launch(entry);
  }

  /** Stop and delete the partial file. */
  async cancel(id: string): Promise<void> {
    const entry = this.require(id);
    if (entry.status.state === "done" || entry.status.state === "cancelled") return;
    const wasRunning = entry.status.state === "downloading";
    entry.status.state = "cancelled";
    entry.controller?.abort(new Error("Download cancelled."));
    if (wasRunning) await entry.run;
    await deletePart(entry.destPath);
    entry.status.state = "cancelled";
    this.notify(entry);
  }

  get(id: string): DownloadStatus | null {
    const entry = this.entries.get(id);
    return entry ? structuredClone(entry.status) : null;
  }

  list(): DownloadStatus[] {
    return [...this.entries.values()].map((entry) => structuredClone(entry.status));
  }

  /** Resolves when the current transfer of `id` settles (done, error, paused or cancelled). */
  async settled(id: string): Promise<DownloadStatus> {
    const entry = this.require(id);
    await entry.run;
    return structuredClone(entry.status);
  }

  /** Abort every running download (on quit); partial files stay for the next start. */
  async dispose(): Promise<void> {
    const running = [...this.entries.values()].filter((entry) => entry.status.state === "downloading");
    running.forEach((entry) => entry.controller?.abort(new Error("Shutting down.")));
    await Promise.all(running.map((entry) => entry.run));
  }

  private launch(entry: Entry): void {
    const controller = new AbortController();
    entry.controller = controller;
    entry.status.state = "downloading";
    entry.status.error = null;
    this.notify(entry);
    entry.run = this.manager
      .download(entry.status.request, {
        signal: controller.signal,
        onProgress: (progress) => {
          entry.status.progress = progress;
          this.notify(entry);
        },
      })
      .then(
        (model) => {
          entry.status.model = model;
          entry.status.state = "done";
        },
        (error: unknown) => {
          if (entry.status.state === "cancelled") return;
          if (controller.signal.aborted) {
            entry.status.state = "paused";
          } else {
            entry.status.state = "error";
            entry.status.error = toApiError(error);
          }
        },
      )
      .finally(() => {
        if (entry.controller === controller) entry.controller = null;
        if (entry.status.state !== "cancelled") this.notify(entry);
      });
  }

  private require(id: string): Entry {
    const entry = this.entries.get(id);
    if (!entry) throw new ScriptoriumError("not_found", `No download ${id}.`);
    return entry;
  }

  private notify(entry: Entry): void {
    this.onChange(structuredClone(entry.status));
  }
}
