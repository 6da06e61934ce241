import type { ImportReport } from "../../shared/knowledge.js";

/** Live state of a background task reported by `progress` events on the system stream. */
export interface TaskProgress {
  task: string;
  done: number;
  total: number | null;
  message: string | null;
  /** Bytes (or items) per second over the last reports. */
  speed: number | null;
  /** When the last report arrived (ms since epoch, client clock). */
  updatedAt: number;
  finished: boolean;
  /** An import's per-file report, from its last event. */
  report?: ImportReport;
}
