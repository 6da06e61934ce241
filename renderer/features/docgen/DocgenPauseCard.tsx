import { useState } from "react";
import type { PauseEntry } from "../../store/sessionView.js";
import type { ResumePayload } from "../../store/types.js";
import { useApp } from "../../store/StoreProvider.js";
import { DocgenOutlineCard } from "./DocgenOutlineCard.js";
import type { DocgenTranslate } from "./messages.js";

/** The docgen pauses: edit and confirm, or regenerate, the outline; rewrite one failed section or go on. */
export function DocgenPauseCard({ t, pause }: { t: DocgenTranslate; pause: PauseEntry }) {
  const resume = useApp((s) => s.resume);
  const [busy, setBusy] = useState(false);
  if (pause.pausePoint === "outline_confirm") {
    return <DocgenOutlineCard key={pause.seq} t={t} pause={pause} />;
  }
  const failed = ((pause.context as { failed_sections?: number[] }).failed_sections ?? []) as number[];
  const act = async (payload: Record<string, unknown>) => {
    setBusy(true);
    await resume(payload as ResumePayload);
    setBusy(false);
  };
  return (
    <section className="card card--pause" data-pause-card="">
      <p>{t("docgen.failedSections")}</p>
      <footer className="card__actions">
        {failed.map((i) => (
          <button key={i} type="button" className="btn" disabled={busy} onClick={() => void act({ action: "regenerate_section", index: i })}>
            {t("docgen.action.regenerateSection", { i: i + 1 })}
          </button>
        ))}
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void act({ action: "continue" })}>
          {t("docgen.action.continue")}
        </button>
      </footer>
    </section>
  );
}
