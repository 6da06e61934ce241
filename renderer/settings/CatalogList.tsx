import { selectCatalog } from "../store/selectors.js";
import { useApp, useT } from "../store/StoreProvider.js";
import type { MessageKey } from "../i18n/translate.js";
import { formatBytes, formatDuration } from "../components/format.js";
import { ProgressBar } from "../components/ProgressBar.js";
import { etaSeconds } from "../store/progressTracker.js";
import { useFeatureT } from "../i18n/useFeatureT.js";
import { onboardingMessages } from "../onboarding/messages.js";
import { DownloadError } from "./DownloadError.js";

/** The model catalog with fit badges; downloads with progress, speed, ETA, pause/resume, cancel. */
export function CatalogList({ limit }: { limit?: number }) {
  const t = useT();
  const to = useFeatureT(onboardingMessages);
  const locale = useApp((s) => s.locale);
  const mirror = useApp((s) => s.settings?.mirrorBaseUrl ?? null);
  const askConfirm = useApp((s) => s.askConfirm);
  const errors = useApp((s) => s.downloadErrors);
  const catalog = useApp(selectCatalog);
  const downloads = useApp((s) => s.downloads);
  const paused = useApp((s) => s.pausedDownloads);
  const tasks = useApp((s) => s.tasks);
  const download = useApp((s) => s.downloadModel);
  const pause = useApp((s) => s.pauseDownload);
  const resume = useApp((s) => s.resumeDownload);
  const cancel = useApp((s) => s.cancelDownload);
  const entries = limit ? catalog.slice(0, limit) : catalog;
  // An offline audience must not reach the internet by surprise: without a mirror, ask first.
  const start = async (catalogId: string) => {
    if (!mirror) {
      const ok = await askConfirm({ message: to("mirror.internet"), confirmLabel: to("mirror.useInternet") });
      if (!ok) return;
    }
    await download(catalogId);
  };
  return (
    <ul className="catalog">
      {entries.map((entry) => {
        const downloadId = Object.keys(downloads).find((id) => downloads[id]?.catalogId === entry.id) ?? null;
        const progress = downloadId ? tasks[downloadId] : undefined;
        const isPaused = downloadId !== null && paused.includes(downloadId);
        const failure = downloadId ? errors[downloadId] : undefined;
        const eta = progress ? etaSeconds(progress) : null;
        return (
          <li key={entry.id} className="catalog__item">
            <div className="catalog__main">
              <div className="catalog__title">
                <strong>{entry.name}</strong>
                <span className={`badge fit fit--${entry.fit}`}>{t(`models.fit.${entry.fit}` as MessageKey)}</span>
                {entry.installed && <span className="badge badge--ok">{t("models.installedBadge")}</span>}
              </div>
              <p className="muted small">
                {entry.parameters} · {entry.quant} · {formatBytes(entry.sizeBytes)} · {t("models.ram", { g: entry.ramRequiredGb })} · {entry.kind}
              </p>
              <p className="small">{entry.description[locale]}</p>
              {downloadId && failure && <DownloadError error={failure} />}
              {downloadId && !failure && (
                <div className="download">
                  <ProgressBar value={progress?.total ? progress.done / progress.total : null} label={`${t("models.downloading")} ${entry.name}`} />
                  <span className="muted small">
                    {progress ? `${formatBytes(progress.done)}${progress.total ? ` / ${formatBytes(progress.total)}` : ""}` : "…"}
                    {progress?.speed ? ` · ${t("models.speed", { s: formatBytes(progress.speed) })}` : ""}
                    {eta !== null ? ` · ${t("models.eta", { t: formatDuration(eta) })}` : ""}
                  </span>
                </div>
              )}
            </div>
            <div className="catalog__actions">
              {!entry.installed && !downloadId && (
                <button type="button" className="btn btn--small btn--primary" onClick={() => void start(entry.id)}>
                  {t("models.download")}
                </button>
              )}
              {downloadId && failure && (
                <>
                  <button type="button" className="btn btn--small" onClick={() => void resume(downloadId)}>
                    {to("download.retry")}
                  </button>
                  <button type="button" className="btn btn--small btn--ghost" onClick={() => void cancel(downloadId)}>
                    {t("common.close")}
                  </button>
                </>
              )}
              {downloadId && !failure && !progress?.finished && (
                <>
                  <button type="button" className="btn btn--small" onClick={() => void (isPaused ? resume(downloadId) : pause(downloadId))}>
                    {isPaused ? t("models.resume") : t("models.pause")}
                  </button>
                  <button type="button" className="btn btn--small btn--ghost" onClick={() => void cancel(downloadId)}>
                    {t("models.cancelDownload")}
                  </button>
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
