import type { Session } from "electron";
import { CONTENT_SECURITY_POLICY } from "../server/contentSecurityPolicy.js";
import { APP_SCHEME } from "./appOrigin.js";

/**
 * Session-wide defences: every permission (camera, notifications, geolocation …) is denied, and
 * responses of the app protocol carry the strict CSP even if a handler forgot it.
 */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived({ urls: [`${APP_SCHEME}://*/*`] }, (details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        "Content-Security-Policy": [CONTENT_SECURITY_POLICY],
        "X-Content-Type-Options": ["nosniff"],
      },
    });
  });
}
