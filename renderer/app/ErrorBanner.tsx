import { useApp, useT } from "../store/StoreProvider.js";
import type { ApiError } from "../../shared/errors.js";
import type { Translate } from "../i18n/translate.js";

/** Errors from any request, each with a clear sentence for its code. */
export function ErrorBanner() {
  const t = useT();
  const errors = useApp((s) => s.errors);
  const dismiss = useApp((s) => s.dismissError);
  if (errors.length === 0) return null;
  return (
    <div className="banner-stack">
      {errors.map((error, i) => (
        <div key={i} className="banner banner--error" role="alert" data-code={error.code}>
          <span className="banner__text" title={errorDetail(error)}>
            {describeError(t, error)}
          </span>
          <button type="button" className="icon-btn" aria-label={t("common.dismiss")} onClick={() => dismiss(i)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/**
 * A user-facing sentence for an error, in the UI locale, from its code (every code of
 * `shared/errors.ts` has one). The server's own message — English, for logs and the CLI — is shown
 * only for a code this build does not know; `errorDetail` gives it for a tooltip.
 */
export function describeError(t: Translate, error: ApiError): string {
  const code: string = error.code;
  // An export whose reference.docx the engine could not read (the renderer adds the name the user picked it by).
  const templateFile = (error.details as { templateFile?: unknown } | null | undefined)?.templateFile;
  if (typeof templateFile === "string" && templateFile) return t("export.template.missing", { name: templateFile });
  switch (code) {
    case "model_missing":
    case "model_invalid": {
      const file = fileNameOf(error.details);
      return file ? t(`error.${code}File`, { m: file }) : t(`error.${code}`);
    }
    case "unavailable":
      return (error.details as { reason?: unknown } | undefined)?.reason === "server_unreachable" ? t("error.serverUnreachable") : t("error.unavailable");
    case "bad_request":
    case "unauthorized":
    case "not_found":
    case "conflict":
    case "disk_full":
    case "aborted":
    case "internal":
      return t(`error.${code}`);
    default:
      return t("error.generic", { m: error.message });
  }
}

/** The file an error's details name (`{ path }` of the model checks), as its base name. */
function fileNameOf(details: unknown): string | null {
  const path = (details as { path?: unknown } | null | undefined)?.path;
  return typeof path === "string" && path ? (path.split(/[\\/]/).pop() ?? path) : null;
}

/** The server's own words about an error (a tooltip beside the translated sentence). */
export function errorDetail(error: ApiError): string {
  return error.message;
}
