/** A labelled 0–100 bar, optionally with a threshold mark; exposed as a meter to assistive tech. */
export function ScoreBar({ label, score, threshold }: { label: string; score: number; threshold?: number }) {
  const band = score >= 80 ? "high" : score >= 60 ? "mid" : "low";
  return (
    <div className="score-bar">
      <span className="score-bar__label">{label}</span>
      <div className="score-bar__track" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={score}>
        <div className={`score-bar__fill band-${band}`} style={{ width: `${Math.max(0, Math.min(100, score))}%` }} />
        {threshold !== undefined && <div className="score-bar__mark" style={{ left: `${threshold}%` }} />}
      </div>
      <span className="score-bar__value">{Math.round(score)}</span>
    </div>
  );
}
