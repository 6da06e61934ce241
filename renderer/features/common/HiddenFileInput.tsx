import type { RefObject } from "react";

/**
 * The hidden `<input type="file">` behind a "choose a file" button (the button calls
 * `inputRef.current.click()`): hands over the one file picked and clears itself, so picking the
 * same file again fires again.
 */
export function HiddenFileInput({
  inputRef,
  accept,
  label,
  onFile,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  accept: string;
  label: string;
  onFile(file: File): void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={accept}
      hidden
      aria-label={label}
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = "";
        if (file) onFile(file);
      }}
    />
  );
}
