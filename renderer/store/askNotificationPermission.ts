/** Asks for notification permission once, from a user gesture (starting a run), in browser mode only. */
export function askNotificationPermission(): void {
  if (typeof window === "undefined" || window.scriptorium || typeof Notification === "undefined" || Notification.permission !== "default") return;
  void Notification.requestPermission().catch(() => undefined);
}
