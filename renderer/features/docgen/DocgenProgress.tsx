import type { DocgenView, ScanStepView } from "./docgenView.js";
import { groupViolations } from "./docgenView.js";
import type { DocgenKey, DocgenTranslate } from "./messages.js";
import { moduleTitleEn } from "../../../shared/workflows/docgen.js";
import { stepText } from "../../i18n/defineMessages.js";
import type { UiLocale } from "../../i18n/translate.js";
import { ruleText } from "../../i18n/ruleText.js";
import { useApp } from "../../store/StoreProvider.js";

/** A review module's name in the UI language: the guide's (Chinese) name, or in English the name its key spells. */
export function moduleName(locale: UiLocale, key: string, name: string | undefined): string {
  return locale === "en" ? moduleTitleEn(key) : name || key;
}

/** One scan step as a line: 🔍 search "x", 📄 read a.ts:1–80, 📂 list, 🧭 outline. */
export function scanLabel(t: DocgenTranslate, s: ScanStepView): string {
  const p = String(s.args.path ?? ".");
  switch (s.tool) {
    case "search_keyword":
      return t("docgen.scan.search", { q: String(s.args.query ?? "") });
    case "read_file": {
      const m = /:(\d+)–(\d+)/.exec(s.summary);
      return m ? t("docgen.scan.read", { p, a: m[1]!, b: m[2]! }) : t("docgen.scan.readAll", { p });
    }
    case "list_dir":
      return t("docgen.scan.list", { p });
    default:
      return t("docgen.scan.outline", { p });
  }
}

/** Scan steps, outline card, section progress, module chips, violations by rule (line links) and each round's diff. */
export function DocgenProgress({ t, view, onLine }: { t: DocgenTranslate; view: DocgenView; onLine(line: number): void }) {
  const locale = useApp((s) => s.locale);
  const nameOf = (key: string) => moduleName(locale, key, view.modules.find((m) => m.key === key)?.name);
  return (
    <div className="docgen-progress">
      {view.scan.length > 0 && (
        <section className="docgen-card" aria-label={t("docgen.scan")}>
          <h3>{t("docgen.scan")}</h3>
          <ol className="docgen-scan">
            {view.scan.map((s) => (
              <li key={s.seq} className={s.ok ? "" : "docgen-scan--refused"} title={s.summary}>
                {scanLabel(t, s)} <span className="muted">{stepText(locale, "docgen", "scanSummary", s.summaryText, s.summary)}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      {view.links.length > 0 && (
        <section className="docgen-card" aria-label={t("docgen.links")}>
          <h3>{t("docgen.links")}</h3>
          <ol className="docgen-scan">
            {view.links.map((l) => (
              <li key={l.seq} className={l.status === "fetched" ? "" : "docgen-scan--refused"} data-link-status={l.status}>
                {t(`docgen.link.${l.status}`)} {l.url} <span className="muted">{l.detail}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      {view.outline && (
        <section className="docgen-card" aria-label={t("docgen.outline")}>
          <h3>
            {t("docgen.outlineLine", { title: view.outline.outline.title })} {view.outline.cached && <span className="muted">{t("docgen.cached")}</span>}
          </h3>
          <ol>
            {view.outline.outline.sections.map((s, i) => (
              <li key={i}>
                <strong>{s.title}</strong> {s.scope && <span className="muted">— {s.scope}</span>}
              </li>
            ))}
          </ol>
          <p className="docgen-sections" data-testid="docgen-sections">
            {t("docgen.sections", { n: view.sections.done, m: view.sections.total })}
          </p>
          {view.sections.failed.map((f) => (
            <p key={f.index} className="notice notice--error">
              {t("docgen.sectionFailed", { i: f.index + 1, e: f.error })}
            </p>
          ))}
        </section>
      )}
      {view.modules.length > 0 && (
        <section className="docgen-card" aria-label={t("docgen.modules")}>
          <h3>{t("docgen.modules")}</h3>
          <ul className="docgen-chips">
            {view.modules.map((m) => (
              <li key={m.key} className={`docgen-chip docgen-chip--${m.state}`} data-module={m.key} data-state={m.state}>
                {nameOf(m.key)} ·{" "}
                {m.state === "passed" ? t("docgen.chip.passed") : m.state === "breaker" ? t("docgen.chip.breaker") : m.state === "round" ? roundText(t, m.round) : t("docgen.chip.pending")}
              </li>
            ))}
          </ul>
          {view.modules.map((m) => {
            const found = view.violations[m.key];
            if (!found) return null;
            const list = found.items;
            return (
              <details key={m.key} className="docgen-violations" open={m.state === "round"}>
                <summary>
                  {nameOf(m.key)} · {roundText(t, found.round)} — {t("docgen.violations", { n: list.length })}
                </summary>
                {groupViolations(list).map((g) => (
                  <div key={g.rule} className="docgen-rule">
                    <strong>{g.rule}</strong>
                    <ul>
                      {g.items.map((v, i) => (
                        <li key={i}>
                          <button type="button" className="docgen-line" onClick={() => onLine(v.line)}>
                            {t("docgen.line", { n: v.line })}
                          </button>{" "}
                          {v.source === "checker" ? ruleText(locale, v.rule_id, v.comment) : v.comment} {v.repeated && <span className="docgen-repeated">{t("docgen.repeated")}</span>}
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </details>
            );
          })}
        </section>
      )}
      {(view.rounds.length > 0 || view.rollbacks.length > 0) && (
        <section className="docgen-card" aria-label={t("docgen.rounds")}>
          <h3>{t("docgen.rounds")}</h3>
          {view.rollbacks.map((r) => (
            <p key={r.seq} className="notice">
              {t("docgen.rollback", { m: nameOf(r.module), k: r.round, a: r.before, b: r.after })}
            </p>
          ))}
          {view.rounds.map((r) => {
            const kept = r.records.filter((x) => x.status === "kept").length;
            return (
              <details key={r.seq} className="docgen-round" data-module={r.module}>
                <summary>{t("docgen.round", { m: nameOf(r.module), k: r.round, kept, dropped: r.records.length - kept })}</summary>
                {r.records.map((rec, i) => (
                  <div key={i} className={`docgen-diff docgen-diff--${rec.status}`}>
                    <div className="docgen-diff__head">
                      <button type="button" className="docgen-line" onClick={() => onLine(rec.start_line)}>
                        {t("docgen.line", { n: rec.start_line })}
                      </button>{" "}
                      {rec.group} · {rec.status === "kept" ? t("docgen.kept") : `${t("docgen.dropped")}: ${rec.dropped ? t(`docgen.drop.${rec.dropped.reason}` as DocgenKey) : ""}`} · {rec.reason}
                    </div>
                    <pre className="docgen-diff__old">- {rec.old}</pre>
                    <pre className="docgen-diff__new">+ {rec.new}</pre>
                  </div>
                ))}
              </details>
            );
          })}
        </section>
      )}
    </div>
  );
}

/** Round 0 is the first check, before any revision: "第 0 轮" reads as nothing happened. */
function roundText(t: DocgenTranslate, round: number): string {
  return round === 0 ? t("docgen.chip.firstCheck") : t("docgen.chip.round", { k: round });
}
