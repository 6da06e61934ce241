import path from "node:path";
import { watch, type FSWatcher } from "chokidar";
import { ignoredRel } from "./FolderSync.js";

/**
 * chokidar on one bound folder, debounced: changes arriving within `debounceMs` of each other are
 * handed over as one batch of absolute paths (an editor's save-rename-delete dance becomes one
 * re-check of the file). Symlinks are not followed; hidden and build folders are ignored.
 */
export class FolderWatcher {
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly watcher: FSWatcher,
    private readonly onChanges: (paths: string[]) => void,
    private readonly debounceMs: number,
  ) {}

  /** Resolves once chokidar has scanned the folder, so changes after it are seen. */
  static async start(root: string, onChanges: (paths: string[]) => void, debounceMs = 500): Promise<FolderWatcher> {
    const watcher = watch(root, {
      ignoreInitial: true,
      followSymlinks: false,
      ignored: (file: string) => {
        const rel = path.relative(root, file);
        return rel !== "" && ignoredRel(rel);
      },
    });
    const folderWatcher = new FolderWatcher(watcher, onChanges, debounceMs);
    for (const event of ["add", "change", "unlink", "addDir", "unlinkDir"] as const) {
      watcher.on(event, (file: string) => folderWatcher.queue(file));
    }
    await new Promise<void>((resolve, reject) => {
      watcher.once("ready", () => resolve());
      watcher.once("error", (error) => reject(error instanceof Error ? error : new Error(String(error))));
    });
    return folderWatcher;
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.pending.clear();
    await this.watcher.close();
  }

  private queue(file: string): void {
    this.pending.add(file);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const paths = [...this.pending];
      this.pending = new Set();
      this.timer = undefined;
      this.onChanges(paths);
    }, this.debounceMs);
  }
}
