import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("./renderer", import.meta.url));

/**
 * Builds the renderer into `dist/renderer` with relative asset paths (`base: "./"`) so the same
 * bundle loads from the Electron `app://` protocol and from the local HTTP server. No CDN, no
 * inline scripts: the pages run under `script-src 'self'`.
 */
export default defineConfig({
  root,
  base: "./",
  plugins: [react()],
  worker: {
    format: "es",
    // The lint worker has no DOM: micromark's entity decoder must take its table build, not the
    // browser build that decodes through a <textarea> (`document is not defined` in a worker).
    plugins: () => [
      {
        name: "worker-no-dom-entities",
        enforce: "pre" as const,
        resolveId(id: string) {
          return id === "decode-named-character-reference" ? fileURLToPath(new URL("./node_modules/decode-named-character-reference/index.js", import.meta.url)) : null;
        },
      },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL("./dist/renderer", import.meta.url)),
    emptyOutDir: true,
    // A module preload polyfill would be injected as an inline script; modern Chromium needs none.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    // One local bundle loaded from disk or loopback: size matters less than a single request.
    chunkSizeWarningLimit: 1024,
  },
  server: { host: "127.0.0.1" },
});
