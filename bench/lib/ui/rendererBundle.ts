import fs from "node:fs";
import path from "node:path";

/** Where the renderer bundle came from, for the notes. */
export interface RendererBundle {
  dir: string;
  /** `dist` when an up-to-date `dist/renderer` was reused, else `built` (fresh build into the scratch dir). */
  origin: "dist" | "built";
}

/** Newest modification time of any file under `dir` (0 when it does not exist). */
function newestMtime(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * The built renderer to serve: `dist/renderer` when it is newer than every source it is built from,
 * otherwise a fresh build into `scratchDir` with the project's vite config. A stale bundle would
 * measure code that no longer exists, and building into the scratch dir leaves a developer's
 * `dist/` alone.
 */
export async function rendererBundle(root: string, scratchDir: string): Promise<RendererBundle> {
  const dist = path.join(root, "dist/renderer");
  const index = path.join(dist, "index.html");
  if (fs.existsSync(index)) {
    const built = fs.statSync(index).mtimeMs;
    const sources = Math.max(newestMtime(path.join(root, "renderer")), newestMtime(path.join(root, "shared")), fs.statSync(path.join(root, "vite.config.ts")).mtimeMs);
    if (built >= sources) return { dir: dist, origin: "dist" };
  }
  const outDir = path.join(scratchDir, "renderer");
  // Loaded lazily: vite is a dev dependency the other bench groups never need.
  const { build } = await import("vite");
  await build({ configFile: path.join(root, "vite.config.ts"), logLevel: "warn", build: { outDir, emptyOutDir: true } });
  return { dir: outDir, origin: "built" };
}
