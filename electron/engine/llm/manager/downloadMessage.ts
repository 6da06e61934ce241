import type { DownloadStatus } from "./DownloadRegistry.js";

/** `1.5 GB`, `820 MB`, `12 KB`: one decimal below 10 units. */
export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 && unit > 0 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** `45 s`, `3 min`, `1 h 20 min`. */
export function formatEta(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  const hours = Math.floor(s / 3600);
  return `${hours} h ${Math.round((s - hours * 3600) / 60)} min`;
}

/**
 * The one line a progress bar shows for a download: its state, bytes, speed and time left, e.g.
 * `qwen.gguf: 120 MB / 1.0 GB, 8.5 MB/s, ETA 2 min`.
 */
export function downloadMessage(status: DownloadStatus): string {
  const name = status.fileName;
  switch (status.state) {
    case "done":
      return `${name}: done`;
    case "cancelled":
      return `${name}: cancelled`;
    case "error":
      return `${name}: failed: ${status.error?.message ?? "unknown error"}`;
    case "paused":
      return `${name}: paused${status.progress ? ` at ${formatBytes(status.progress.downloadedBytes)}` : ""}`;
    case "downloading": {
      const p = status.progress;
      if (!p) return `${name}: starting`;
      const size = p.totalBytes !== null ? `${formatBytes(p.downloadedBytes)} / ${formatBytes(p.totalBytes)}` : formatBytes(p.downloadedBytes);
      const speed = p.bytesPerSecond > 0 ? `, ${formatBytes(p.bytesPerSecond)}/s` : "";
      const eta = p.etaSeconds !== null ? `, ETA ${formatEta(p.etaSeconds)}` : "";
      return `${name}: ${size}${speed}${eta}`;
    }
  }
}
