import { useRef, useState } from "react";
import { HiddenFileInput } from "./HiddenFileInput.js";
import { pathForChosenFile } from "./pathForChosenFile.js";

export interface FilePathFieldProps {
  label: string;
  /** The path input's form name. */
  name: string;
  value: string;
  onChange(path: string): void;
  /** The picker's file types (`accept`). */
  accept: string;
  placeholder?: string;
  /** The picker button's label (also the hidden file input's). */
  chooseLabel: string;
  /** Shown on the button while an upload runs. */
  busyLabel: string;
  /** The file that was picked, once its path is known (e.g. to name the document after it). */
  onPicked?(file: File): void;
}

/**
 * A file path the engine reads: typed, or picked with the button — the system dialog in the desktop
 * app, an upload to the server's data dir in browser mode (a page cannot see paths).
 */
export function FilePathField({ label, name, value, onChange, accept, placeholder, chooseLabel, busyLabel, onPicked }: FilePathFieldProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A picked file shows by its name: in browser mode its path is the server's upload folder, which means nothing to the user.
  const [picked, setPicked] = useState<{ path: string; name: string } | null>(null);
  const pick = async (file: File) => {
    setBusy(true);
    setProblem(null);
    try {
      const path = await pathForChosenFile(file);
      setPicked({ path, name: file.name });
      onChange(path);
      onPicked?.(file);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="field">
      <div className="inline-form">
        <label className="field field--grow">
          <span className="field__label">{label}</span>
          <input
            className="input"
            name={name}
            value={picked && picked.path === value ? picked.name : value}
            title={value || undefined}
            placeholder={placeholder}
            onChange={(e) => {
              setPicked(null);
              onChange(e.target.value);
            }}
          />
        </label>
        <button type="button" className="btn" disabled={busy} onClick={() => fileInput.current?.click()}>
          {busy ? busyLabel : chooseLabel}
        </button>
        <HiddenFileInput inputRef={fileInput} accept={accept} label={chooseLabel} onFile={(file) => void pick(file)} />
      </div>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
