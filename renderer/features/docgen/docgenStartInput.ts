import type { DocgenFormValues } from "./DocgenForm.js";

/**
 * The form as `run.start`'s docgen input: review mode checks the pasted markdown or, when a file
 * was chosen, that file (`source_path`); the other modes write from text, notes or a code folder.
 * The language is sent only when chosen (else the engine detects it); a guide file path wins over a
 * library guide.
 */
export function docgenStartInput(v: DocgenFormValues): Record<string, unknown> {
  const reviewFile = v.reviewFile.trim();
  const base =
    v.mode === "review"
      ? { input_mode: "text", topic: v.topic.trim(), review_only: true, ...(reviewFile ? { source_path: reviewFile } : { context: v.text }) }
      : {
          input_mode: v.mode,
          topic: v.topic.trim(),
          ...(v.mode === "text" ? { context: v.text } : { source_path: v.source.trim() }),
          confirm_outline: v.confirmOutline,
          ...(v.scope ? { scope: v.scope } : {}),
        };
  return {
    ...base,
    ...(v.locale ? { locale: v.locale } : {}),
    ...(v.rules.trim() ? { rules_file: v.rules.trim() } : v.guide ? { guide: v.guide } : {}),
  };
}
