import { useState, type FormEvent } from "react";
import { useFeatureT } from "../i18n/useFeatureT.js";
import { connectionMessages } from "./connectionMessages.js";
import "./connection.css";

/**
 * Shown instead of the app when the server refuses this tab's token (it restarted with another
 * one): an empty session list and "unauthorized" banners would look like lost work. Says where the
 * new link is and opens a pasted one.
 */
export function ServerRestartedPage() {
  const t = useFeatureT(connectionMessages);
  const [link, setLink] = useState("");
  const [bad, setBad] = useState(false);
  const example = `Scriptorium is running at ${window.location.origin}/?token=…`;
  const open = (e: FormEvent) => {
    e.preventDefault();
    const url = parseLink(link.trim());
    setBad(url === null);
    if (url) window.location.assign(url);
  };
  return (
    <main className="server-restarted" role="alertdialog" aria-labelledby="server-restarted-title">
      <div className="server-restarted__panel card">
        <h1 id="server-restarted-title">{t("connection.lockedTitle")}</h1>
        <p>{t("connection.lockedLead")}</p>
        <p>{t("connection.lockedWhere")}</p>
        <pre className="server-restarted__example">{example}</pre>
        <p className="muted small">{t("connection.lockedTokenFile")}</p>
        <form className="inline-form" onSubmit={open}>
          <label className="field field--grow">
            <span className="field__label">{t("connection.pasteLabel")}</span>
            <input className="input" value={link} onChange={(e) => setLink(e.target.value)} placeholder={`${window.location.origin}/?token=…`} />
          </label>
          <button type="submit" className="btn btn--primary" disabled={!link.trim()}>
            {t("connection.open")}
          </button>
        </form>
        {bad && (
          <p className="notice notice--error" role="alert">
            {t("connection.badLink")}
          </p>
        )}
      </div>
    </main>
  );
}

/** The pasted server link, or null when it is not an http(s) URL carrying a token. */
function parseLink(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.searchParams.get("token") ? url.toString() : null;
  } catch {
    return null;
  }
}
