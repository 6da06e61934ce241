import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PAPER_TABLES } from "../../electron/engine/workflows/paper/library/paperMigrations.js";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { PaperLibrary } from "../../electron/engine/workflows/paper/library/PaperLibrary.js";
import type { Embedder, LlmClient } from "../../electron/engine/llm/LlmClient.js";
import type { Reranker } from "../../electron/engine/knowledge/Reranker.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";

export interface PaperKit {
  dir: string;
  appDb: AppDb;
  library: PaperLibrary;
  embedder: Embedder;
  /** Writes a file into the kit's folder and returns its path. */
  write(name: string, data: Uint8Array | string): string;
  close(): Promise<void>;
}

/** A real app.db and LanceDB folder in a temp dir, with the deterministic hash embedder. */
export function paperKit(options: { llm?: LlmClient; embedder?: Embedder; reranker?: Reranker } = {}): PaperKit {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paper-kit-"));
  const appDb = AppDb.open(dir, { migrations: [PAPER_TABLES] });
  const embedder = options.embedder ?? new HashEmbedder(64);
  const reranker = options.reranker;
  const library = new PaperLibrary({ dataDir: dir, db: appDb.db, embedder, llm: () => options.llm, ...(reranker ? { reranker: async () => reranker } : {}) });
  return {
    dir,
    appDb,
    library,
    embedder,
    write(name, data) {
      const file = path.join(dir, "files", name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, data);
      return file;
    },
    async close() {
      await library.close();
      appDb.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
