import type { ExportedFile } from "./documentApi.js";

/** Saves an exported document as a download through a Blob URL (no navigation, no server). */
export function downloadExport(file: ExportedFile): void {
  const data = file.encoding === "base64" ? base64ToBytes(file.content) : file.content;
  const blob = new Blob([data], { type: file.mimeType });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = file.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled; the download keeps its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
