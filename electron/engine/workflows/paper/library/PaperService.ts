import path from "node:path";
import type Database from "better-sqlite3";
import type { z } from "zod";
import type { Settings } from "../../../../../shared/models.js";
import type { PaperMethods } from "../../../../../shared/workflows/paper.js";
import type { OcrProgress } from "../../../io/pdf/readPdfPages.js";
import { importReasonCode } from "../../../io/importReasonCode.js";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { buildImportReport, type ImportFile } from "../../../../../shared/knowledge.js";
import type { Embedder, LlmClient } from "../../../llm/LlmClient.js";
import { resolveThreads } from "../../../llm/physicalCoreCount.js";
import { EmbeddingService } from "../../../knowledge/EmbeddingService.js";
import { checkClaims, type ClaimJudge } from "../../common/checkClaims.js";
import { PaperLibrary, type Reranker } from "./PaperLibrary.js";
import type { PaperRecord } from "./PaperRepository.js";
import { catalogReranker, type CatalogReranker } from "../../../knowledge/LlamaReranker.js";
import { llmClaimJudge } from "./llmClaimJudge.js";

type In<K extends keyof typeof PaperMethods> = z.output<(typeof PaperMethods)[K]["input"]>;
type Out<K extends keyof typeof PaperMethods> = z.input<(typeof PaperMethods)[K]["output"]>;

export interface PaperServiceOptions {
  dataDir: string;
  modelsDir: string;
  db: Database.Database;
  settings: () => Settings;
  llm: () => LlmClient | undefined;
  /** `--model` of the command line: the embedding fallback when no embedding model is set. */
  modelPath?: string | null;
  /** Tests inject an embedder; default: an EmbeddingService on the embedding model setting. */
  embedder?: Embedder | (() => Promise<Embedder>);
  reranker?: () => Promise<Reranker | undefined>;
}

/**
 * The paper library as the engine serves it: the `paper.*` request methods and the library the
 * paper workflow reads. The embedding model loads on first use (listing papers needs none).
 */
export class PaperService {
  readonly library: PaperLibrary;
  private loaded: (Embedder & { dispose?(): Promise<void> }) | undefined;
  private loading: Promise<Embedder & { dispose?(): Promise<void> }> | undefined;
  /** The catalog reranker this service loads (none when one was injected); disposed with it. */
  private catalog: CatalogReranker | undefined;

  constructor(private readonly options: PaperServiceOptions) {
    this.library = new PaperLibrary({
      dataDir: options.dataDir,
      db: options.db,
      // Loaded once: the library looks its embedder up on every call, and a fresh EmbeddingService
      // per question reloaded the model each time (and leaked the one before).
      embedder:
        options.embedder ??
        (() =>
          (this.loading ??= this.loadEmbedder().then(
            (service) => (this.loaded = service),
            (error: unknown) => {
              this.loading = undefined;
              throw error;
            },
          ))),
      llm: options.llm,
      reranker: options.reranker ?? (this.catalog = catalogReranker(options.modelsDir, () => resolveThreads(options.settings().threads))),
    });
  }

  /**
   * `onFile(done, total, name)` after each file and `onOcr(name, progress)` after each OCR'd page
   * (the engine turns both into `progress` events).
   */
  async import(
    input: In<"import">,
    signal?: AbortSignal,
    onFile?: (done: number, total: number, name: string) => void,
    onOcr?: (name: string, progress: OcrProgress) => void,
  ): Promise<Out<"import">> {
    const papers: Out<"import">["papers"] = [];
    const files: ImportFile[] = [];
    let firstError: unknown;
    // One file after the other: each import is all-or-nothing; a failed file is reported and the
    // next one tried. A cancel stops the batch.
    for (const file of input.paths) {
      signal?.throwIfAborted();
      try {
        const paper = await this.library.importFile(file, signal, onOcr ? (progress) => onOcr(path.basename(file), progress) : undefined);
        papers.push(paper);
        files.push(
          paper.existing
            ? { path: file, status: "skipped", code: "duplicate", reason: `already in the library as "${paper.title}"` }
            : { path: file, status: "imported" },
        );
      } catch (error) {
        if (signal?.aborted || (error instanceof ScriptoriumError && error.code === "aborted")) throw error;
        firstError ??= error;
        files.push({ path: file, status: "failed", reason: error instanceof Error ? error.message : String(error), ...importReasonCode(error) });
      }
      onFile?.(files.length, input.paths.length, path.basename(file));
    }
    // Nothing imported at all: the call fails as a single file's import always did.
    if (papers.length === 0 && firstError !== undefined) throw firstError;
    return { papers, report: buildImportReport(files) };
  }

  list(input: In<"list">): Out<"list"> {
    return { papers: this.library.list(input.query).map(summary) };
  }

  get(input: In<"get">): Out<"get"> {
    const paper = this.library.get(input.doc_id);
    return {
      paper: summary(paper),
      pages: this.library.repo.pages(input.doc_id),
      structure: this.library.repo.structure(input.doc_id),
      references: this.library.repo.references(input.doc_id),
    };
  }

  async delete(input: In<"delete">): Promise<{ ok: true }> {
    await this.library.delete(input.doc_id);
    return { ok: true };
  }

  /** The hallucination checker on its own: claims against every body chunk of the paper. */
  async checkClaims(input: In<"checkClaims">, signal?: AbortSignal): Promise<Out<"checkClaims">> {
    this.library.get(input.doc_id);
    const evidence = this.library.repo
      .chunks(input.doc_id)
      .filter((c) => c.kind !== "reference")
      .map((c) => ({ chunk_id: c.id, page: c.page, text: c.text }));
    const llm = input.judge === "llm" ? this.options.llm() : undefined;
    const judge: ClaimJudge | undefined = llm ? llmClaimJudge(llm) : undefined;
    const verdicts = await checkClaims(input.claims, evidence, {
      ...(judge ? { judge } : {}),
      concurrency: this.options.settings().sequences,
      ...(signal ? { signal } : {}),
    });
    return { results: verdicts.map((v) => ({ id: v.id, label: v.label, evidence: v.evidence, reason: v.reason })) };
  }

  history(input: In<"history">): Out<"history"> {
    return { messages: this.library.repo.messages(input.sessionId) };
  }

  async dispose(): Promise<void> {
    await this.library.close();
    await this.loaded?.dispose?.();
    this.loaded = undefined;
    this.loading = undefined;
    await this.catalog?.dispose();
  }

  private async loadEmbedder(): Promise<EmbeddingService> {
    const settings = this.options.settings();
    const resolve = (name: string | null) => (name ? path.resolve(this.options.modelsDir, name) : null);
    return EmbeddingService.load({
      modelPath: resolve(settings.embeddingModel),
      chatModelPath: this.options.modelPath ?? resolve(settings.chatModel),
      db: this.options.db,
      threads: resolveThreads(settings.threads),
    });
  }
}

function summary(paper: PaperRecord) {
  return {
    doc_id: paper.doc_id,
    title: paper.title,
    authors: paper.authors,
    year: paper.year,
    abstract: paper.abstract,
    file_name: paper.file_name,
    kind: paper.kind,
    pages: paper.pages,
    imported_at: paper.imported_at,
  };
}
