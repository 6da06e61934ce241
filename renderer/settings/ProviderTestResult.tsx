import { useApp, useT } from "../store/StoreProvider.js";

/** The last `providers.test` answer: raw response and mapped materials side by side. */
export function ProviderTestResult() {
  const t = useT();
  const result = useApp((s) => s.providerTest);
  if (!result) return null;
  return (
    <div className="provider-test" aria-label={t("providers.test")}>
      <p className={`notice ${result.ok ? "notice--ok" : "notice--error"}`} role="status">
        {result.ok ? t("providers.testOk", { n: result.materials.length, ms: Math.round(result.elapsedMs) }) : t("providers.testFail", { e: result.error ?? "?" })}
        {result.dropped > 0 && ` · ${t("providers.dropped", { n: result.dropped })}`}
      </p>
      <div className="side-by-side">
        <section aria-label={t("providers.raw")}>
          <h4>{t("providers.raw")}</h4>
          <pre className="code">{JSON.stringify(result.raw, null, 2) ?? ""}</pre>
        </section>
        <section aria-label={t("providers.mapped")}>
          <h4>{t("providers.mapped")}</h4>
          <ul className="mapped">
            {result.materials.map((m) => (
              <li key={m.id}>
                <strong>{m.title}</strong>
                <span className="muted small">
                  {" "}
                  {m.source}
                  {m.published_at ? ` · ${m.published_at}` : ""} · {Math.round(m.relevance_score * 100)}%
                </span>
                <p className="small">{m.content}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
