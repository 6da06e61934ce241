import type { MethodInput } from "../../../shared/api.js";
import type { MessageKey } from "../../i18n/translate.js";
import { useT } from "../../store/StoreProvider.js";

/** The reference-list options of an export (`referenceStyle` / `referenceLocale`); empty: the plain list. */
export type ReferenceChoice = Pick<MethodInput<"documents.export">, "referenceStyle" | "referenceLocale">;

const CHOICES: ReadonlyArray<readonly [string, MessageKey, ReferenceChoice]> = [
  ["plain", "export.refStyle.plain", {}],
  ["gbt", "export.refStyle.gbt", { referenceStyle: "gb-t-7714" }],
  ["gbt-zh", "export.refStyle.gbtZh", { referenceStyle: "gb-t-7714", referenceLocale: "zh" }],
  ["gbt-en", "export.refStyle.gbtEn", { referenceStyle: "gb-t-7714", referenceLocale: "en" }],
  ["gbt-ay", "export.refStyle.gbtAuthorYear", { referenceStyle: "gb-t-7714-author-date" }],
  ["apa", "export.refStyle.apa", { referenceStyle: "apa" }],
];

/** The reference style an export's list follows (GB/T 7714 in zh / en layout, APA), for every format. */
export function ReferenceStyleSelect({
  value,
  onChange,
  withPlain = true,
}: {
  value: ReferenceChoice;
  onChange(choice: ReferenceChoice): void;
  withPlain?: boolean;
}) {
  const t = useT();
  const current = CHOICES.find(([, , c]) => c.referenceStyle === value.referenceStyle && c.referenceLocale === value.referenceLocale)?.[0] ?? "plain";
  return (
    <select
      className="input input--small"
      aria-label={t("export.refStyle")}
      title={t("export.refStyle")}
      data-testid="reference-style"
      value={current}
      onChange={(e) => onChange(CHOICES.find(([id]) => id === e.target.value)?.[2] ?? {})}
    >
      {CHOICES.filter(([id]) => withPlain || id !== "plain").map(([id, key]) => (
        <option key={id} value={id}>
          {t(key)}
        </option>
      ))}
    </select>
  );
}
