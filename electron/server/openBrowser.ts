import { spawn } from "node:child_process";

/** Open `url` in the default browser; failures (no desktop, no xdg-open) are ignored on purpose. */
export function openBrowser(url: string, platform: NodeJS.Platform = process.platform): void {
  const [command, args] =
    platform === "darwin" ? ["open", [url]] : platform === "win32" ? ["cmd", ["/c", "start", '""', url]] : ["xdg-open", [url]];
  try {
    const child = spawn(command, args as string[], { stdio: "ignore", detached: true, windowsHide: true });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // A missing opener is not an error: the URL is printed anyway.
  }
}
