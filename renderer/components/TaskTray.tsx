import { useApp, useT } from "../store/StoreProvider.js";
import { etaSeconds } from "../store/progressTracker.js";
import { formatDuration } from "./format.js";
import { ProgressBar } from "./ProgressBar.js";

/**
 * Every long job still running (model load and download, import, indexing … anything that reports
 * `progress`), each with a bar, n/m, the time left at the measured speed, and a stop button where
 * the job can be cancelled (downloads).
 */
export function TaskTray() {
  const t = useT();
  const tasks = useApp((s) => s.tasks);
  const downloads = useApp((s) => s.downloads);
  const cancelDownload = useApp((s) => s.cancelDownload);
  const running = Object.values(tasks).filter((task) => !task.finished);
  if (running.length === 0) return null;
  return (
    <section className="task-tray" aria-label={t("tasks.title")}>
      <h3 className="sessions__title">{t("tasks.title")}</h3>
      <ul>
        {running.map((task) => {
          const eta = etaSeconds(task);
          const label = task.message ?? task.task;
          return (
            <li key={task.task} className="task">
              <span className="task__label ellipsis" title={label}>
                {label}
              </span>
              <ProgressBar value={task.total ? task.done / task.total : null} label={label} />
              <span className="progress-eta">
                {task.total !== null ? `${task.done}/${task.total}` : task.done}
                {eta !== null ? ` · ${t("tasks.eta", { t: formatDuration(eta) })}` : ""}
              </span>
              {downloads[task.task] && (
                <button type="button" className="btn btn--small btn--ghost" onClick={() => void cancelDownload(task.task)}>
                  {t("tasks.cancel")}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
