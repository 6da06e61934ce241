import { ScriptoriumError } from "../../../shared/errors.js";

/** An export layout: `default`, `gb-t-9704`, or the path of a user's reference.docx with the file name it is shown by. */
export interface ExportTemplateChoice {
  template: string;
  fileName?: string;
}

const KEY = "scriptorium.exportTemplate";
const NAME_KEY = "scriptorium.exportTemplateName";
export const DEFAULT_TEMPLATE: ExportTemplateChoice = { template: "default" };

/** The remembered layout; a storage that refuses (or holds something else) gives the default. */
export function readExportTemplate(): ExportTemplateChoice {
  try {
    const template = globalThis.localStorage?.getItem(KEY) ?? "";
    if (template === "gb-t-9704") return { template };
    const fileName = globalThis.localStorage?.getItem(NAME_KEY) ?? "";
    return template.toLowerCase().endsWith(".docx") && fileName ? { template, fileName } : DEFAULT_TEMPLATE;
  } catch {
    return DEFAULT_TEMPLATE;
  }
}

export function writeExportTemplate(choice: ExportTemplateChoice): void {
  try {
    globalThis.localStorage?.setItem(KEY, choice.template);
    if (choice.fileName) globalThis.localStorage?.setItem(NAME_KEY, choice.fileName);
    else globalThis.localStorage?.removeItem(NAME_KEY);
  } catch {
    // Private mode or a full quota: the choice holds for this page only.
  }
}

/** The `template` argument of an export: only DOCX and PDF have a layout (a lost reference.docx must not block Markdown/HTML). */
export function templateArgument(choice: ExportTemplateChoice, format: string): { template?: string } {
  return format === "docx" || format === "pdf" ? { template: choice.template } : {};
}

/**
 * The error to show for a failed export: when the engine could not read the user's reference.docx,
 * the same error carrying the file name the user picked it by (the banner names it), and the caller
 * falls back to the default layout; null for any other error.
 */
export function templateProblem(error: unknown, choice: ExportTemplateChoice): ScriptoriumError | null {
  if (!choice.fileName || !(error instanceof ScriptoriumError)) return null;
  const details = error.details as { template?: unknown } | undefined;
  if (details?.template !== choice.template) return null;
  return new ScriptoriumError(error.code, error.message, { ...details, templateFile: choice.fileName });
}
