import { useFeatureT } from "../../i18n/useFeatureT.js";
import { articleMessages } from "./messages.js";

export interface UngroundedSentence {
  section: string;
  sentence: string;
  material_ids: string[];
}

/**
 * PAUSE-3: the draft's sentences whose cited material does not support them, as the claim checker
 * found them. They go to the editor's fact review anyway; the user sees them before deciding.
 */
export function UngroundedSentences({ sentences }: { sentences: readonly UngroundedSentence[] }) {
  const t = useFeatureT(articleMessages);
  if (sentences.length === 0) return null;
  return (
    <details className="notice notice--warn" data-ungrounded="" open={sentences.length <= 3}>
      <summary>{t("article.ungrounded.title", { n: sentences.length })}</summary>
      <ul>
        {sentences.map((u, index) => (
          <li key={index}>
            <q>{u.sentence}</q> <span className="muted">{t("article.ungrounded.cites", { ids: u.material_ids.join(", ") })}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
