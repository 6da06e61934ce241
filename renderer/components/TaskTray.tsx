import { useState } from "react";
import { useApp, useT } from "../store/StoreProvider.js";
import { etaSeconds } from "../store/progressTracker.js";
import type { TaskProgress } from "../store/types.js";
import { formatDuration } from "./format.js";
import { ProgressBar } from "./ProgressBar.js";

/** One row of the tray: a job and how it is stopped. */
interface TrayJob {
  key: string;
  progress: TaskProgress;
  cancel(): Promise<void>;
}

/**
 * Every long job still running, each with a bar, n/m, the time left at the measured speed and a
 * cancel button: the background jobs of the system stream (model load and download, knowledge
 * import and indexing, paper import) stop with `jobs.cancel {taskId}` (downloads also drop their
 * partial file); the open run's own jobs (docgen sections n/m, module reviews) stop with the run
 * (`run.cancel`, which `run.retry` can continue from its last checkpoint).
 */
export function TaskTray() {
  const t = useT();
  const api = useApp((s) => s.api);
  const pushError = useApp((s) => s.pushError);
  const tasks = useApp((s) => s.tasks);
  const downloads = useApp((s) => s.downloads);
  const cancelDownload = useApp((s) => s.cancelDownload);
  const sessionId = useApp((s) => s.current.sessionId);
  const running = useApp((s) => s.current.status === "running");
  const sessionJobs = useApp((s) => s.current.jobs);
  const [stopping, setStopping] = useState<ReadonlySet<string>>(new Set());

  const jobs: TrayJob[] = [];
  for (const progress of Object.values(tasks)) {
    if (progress.finished) continue;
    const id = progress.task;
    jobs.push({
      key: `system:${id}`,
      progress,
      cancel: downloads[id]
        ? () => cancelDownload(id)
        : async () => {
            await api.call("jobs.cancel", { taskId: id });
          },
    });
  }
  if (sessionId && running) {
    for (const progress of Object.values(sessionJobs)) {
      // Only counted work (sections n/m, module reviews) is a job; a step's milestone line with no
      // total (the article's "开始规划大纲") is the timeline's, and would pile up here unfinished.
      if (progress.finished || progress.total === null) continue;
      jobs.push({
        key: `run:${sessionId}:${progress.task}`,
        progress,
        cancel: async () => {
          await api.call("run.cancel", { sessionId });
        },
      });
    }
  }
  if (jobs.length === 0) return null;

  const stop = async (job: TrayJob) => {
    setStopping((s) => new Set(s).add(job.key));
    try {
      await job.cancel();
    } catch (error) {
      pushError(error);
      setStopping((s) => {
        const next = new Set(s);
        next.delete(job.key);
        return next;
      });
    }
  };

  return (
    <section className="task-tray" aria-label={t("tasks.title")}>
      <h3 className="sessions__title">{t("tasks.title")}</h3>
      <ul>
        {jobs.map((job) => {
          const task = job.progress;
          const eta = etaSeconds(task);
          const label = taskLabel(t, task);
          return (
            <li key={job.key} className="task">
              <span className="task__label ellipsis" title={label}>
                {label}
              </span>
              <ProgressBar value={task.total ? task.done / task.total : null} label={label} />
              <span className="progress-eta">
                {task.total !== null ? `${task.done}/${task.total}` : task.done}
                {eta !== null ? ` · ${t("tasks.eta", { t: formatDuration(eta) })}` : ""}
              </span>
              <button type="button" className="btn btn--small btn--ghost" disabled={stopping.has(job.key)} aria-label={`${t("tasks.cancel")}: ${label}`} onClick={() => void stop(job)}>
                {stopping.has(job.key) ? t("tasks.cancelling") : t("tasks.cancel")}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** What the job is: a run's own job by name, any other by its message (file name, n/m) or task id. */
function taskLabel(t: ReturnType<typeof useT>, task: TaskProgress): string {
  const kind = task.task === "sections" ? t("tasks.sections") : task.task === "module_reviews" ? t("tasks.moduleReviews") : null;
  if (kind) return task.message ? `${kind} · ${task.message}` : kind;
  return task.message ?? task.task;
}
