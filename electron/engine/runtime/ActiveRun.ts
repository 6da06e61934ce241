/** A session's graph executing in this process. */
export interface ActiveRun {
  controller: AbortController;
  /** Set when the run is stopped by shutdown or delete: its status must not change. */
  detached: boolean;
  done: Promise<void>;
}
