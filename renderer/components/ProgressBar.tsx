/** A determinate progress bar (0..1), or an indeterminate one when `value` is null. */
export function ProgressBar({ value, label }: { value: number | null; label: string }) {
  const percent = value === null ? null : Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <div
      className={`progress${percent === null ? " progress--indeterminate" : ""}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
    >
      <div className="progress__fill" style={{ width: percent === null ? "30%" : `${percent}%` }} />
    </div>
  );
}
