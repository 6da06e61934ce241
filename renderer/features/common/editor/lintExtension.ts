import { linter, type Diagnostic } from "@codemirror/lint";
import type { EditorView } from "@codemirror/view";
import type { LintClient } from "./lintClient.js";
import { violationsToMarks, type LintMark } from "./lintDiagnostics.js";
import { minimalChange } from "./minimalChange.js";
import { ruleTitle } from "../../../i18n/ruleText.js";

/** The UI locale as the app sets it on the page (`<html lang>`), for rule titles. */
const pageLocale = () => (typeof document !== "undefined" && document.documentElement.lang === "en" ? "en" : "zh-CN");

/** Labels of the lint actions, in the UI locale. */
export interface LintLabels {
  quickFix: string;
  fixAll: (rule: string) => string;
  stale: string;
  /** A finding's text in the UI locale (the checker writes Chinese; en shows the rule's English title). */
  message: (rule: string, message: string) => string;
}

/**
 * Live style diagnostics: the checkers run in the worker 600 ms after the last keystroke; each
 * finding is a mark with its rule id and message, a quick fix where the checker has a certain one
 * (applied only if the text it replaces is still there), and "fix all of this rule".
 */
export function lintExtension(client: LintClient, labels: () => LintLabels, onRefused: (message: string) => void) {
  return linter(
    async (view) => {
      const text = view.state.doc.toString();
      let marks: LintMark[];
      try {
        marks = violationsToMarks(text, await client.lint(text));
      } catch {
        return [];
      }
      // The document moved on while the worker ran: these marks are for an older text.
      if (view.state.doc.length !== text.length || view.state.doc.toString() !== text) return [];
      const l = labels();
      return marks.map((mark): Diagnostic => {
        const actions: Array<NonNullable<Diagnostic["actions"]>[number]> = [];
        const fix = mark.fix;
        if (fix) {
          actions.push({
            name: l.quickFix,
            apply(v: EditorView, from: number) {
              // Diagnostics are mapped through later edits; shift the fix range by the same amount.
              const shift = from - mark.from;
              const at = fix.from + shift;
              if (v.state.sliceDoc(at, at + fix.expected.length) !== fix.expected) {
                onRefused(l.stale);
                return;
              }
              v.dispatch({ changes: { from: at, to: at + fix.expected.length, insert: fix.insert }, userEvent: "input.lintfix" });
            },
          });
        }
        // A user reads the rule's title ("数字与单位"), never the guide's number ("2.8").
        const title = ruleTitle(pageLocale(), mark.rule);
        actions.push({
          name: l.fixAll(title),
          apply(v: EditorView) {
            const before = v.state.doc.toString();
            void client.fixRule(before, mark.rule).then((after) => {
              if (v.state.doc.toString() !== before) {
                onRefused(l.stale);
                return;
              }
              const change = minimalChange(before, after);
              if (change) v.dispatch({ changes: change, userEvent: "input.lintfix" });
            });
          },
        });
        return { from: mark.from, to: mark.to, severity: "warning", source: title, message: l.message(mark.rule, mark.message), actions };
      });
    },
    { delay: 600 },
  );
}
