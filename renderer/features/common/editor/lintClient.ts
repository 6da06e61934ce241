import type { Violation } from "../../../../shared/rules/Violation.js";
import type { LintRequest, LintResponse } from "./lintProtocol.js";
import type { TextCounts } from "../../../../shared/text/countText.js";
import type { OutlineHeading } from "./headingOutline.js";

/** Runs the style checkers in one Web Worker, started on first use. */
export class LintClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(r: LintResponse): void; reject(e: Error): void }>();

  lint(text: string): Promise<Violation[]> {
    return this.send({ id: 0, kind: "lint", text }).then((r) => (r.kind === "lint" ? r.violations : []));
  }

  /** Character / word counts and the heading outline, computed in the worker (linear, but 100 000 characters is more than a frame). */
  stats(text: string): Promise<{ counts: TextCounts; outline: OutlineHeading[] }> {
    return this.send({ id: 0, kind: "stats", text }).then((r) => (r.kind === "stats" ? { counts: r.counts, outline: r.outline } : { counts: { chars: 0, han: 0, words: 0 }, outline: [] }));
  }

  /** The text with every certain fix of one rule applied (`fixMarkdown` with `rules: [rule]`). */
  fixRule(text: string, rule: string): Promise<string> {
    return this.send({ id: 0, kind: "fix", text, rule }).then((r) => (r.kind === "fix" ? r.text : text));
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new Error("lint worker stopped"));
    this.pending.clear();
  }

  private send(request: LintRequest): Promise<LintResponse> {
    const id = this.nextId++;
    const worker = this.ensureWorker();
    return new Promise<LintResponse>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    }).then((r) => {
      if (r.kind === "error") throw new Error(r.message);
      return r;
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./lintWorker.ts", import.meta.url), { type: "module", name: "style-lint" });
    worker.onmessage = (event: MessageEvent<LintResponse>) => {
      const p = this.pending.get(event.data.id);
      if (!p) return;
      this.pending.delete(event.data.id);
      p.resolve(event.data);
    };
    worker.onerror = (event) => {
      for (const p of this.pending.values()) p.reject(new Error(event.message || "lint worker failed"));
      this.pending.clear();
    };
    this.worker = worker;
    return worker;
  }
}
