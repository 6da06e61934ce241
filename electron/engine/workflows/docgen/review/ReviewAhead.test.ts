import { describe, expect, it } from "vitest";
import type { FoundViolations } from "./findViolations.js";
import { ReviewAhead, reviewAheadWidth } from "./ReviewAhead.js";

const MODULES = [{ id: "a" }, { id: "b" }, { id: "c" }];

function found(tag: string): FoundViolations {
  return { violations: [{ rule_id: tag, line: 1, excerpt: "", comment: tag, source: "checker" }], fixable: [], lintIndex: {} as never, rejected: 0, ignored: { quote: 0, echo: 0 }, modelCalled: true };
}

/** A review double whose calls stay open until the test settles them, so overlap is seen without timing. */
function gatedReview() {
  const open = new Map<string, { resolve(): void; signal: AbortSignal | undefined }>();
  const started: string[] = [];
  const review = (module: { id: string }, signal: AbortSignal | undefined) => {
    const key = `${module.id}#${started.filter((s) => s.startsWith(module.id)).length}`;
    started.push(key);
    return new Promise<FoundViolations>((resolve, reject) => {
      open.set(key, { resolve: () => resolve(found(key)), signal });
      signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
  };
  const settle = async (key: string) => {
    await until(() => open.has(key));
    open.get(key)!.resolve();
  };
  return { review, started, open, settle };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setImmediate(r));
  if (!check()) throw new Error("condition never held");
}

describe("ReviewAhead", () => {
  it("reviews the later modules of an unchanged draft beside the first, at most `parallel` at once, and hands each its own result", async () => {
    const ahead = new ReviewAhead();
    const { review, started, settle } = gatedReview();
    const first = ahead.take("s", "draft", MODULES, 2, review);
    await until(() => started.length === 2);
    // Two in flight; the third waits for a free lane.
    expect(started).toEqual(["a#0", "b#0"]);
    await settle("a#0");
    expect((await first).violations[0]!.rule_id).toBe("a#0");
    await until(() => started.length === 3);
    await settle("b#0");
    await settle("c#0");
    const second = await ahead.take("s", "draft", MODULES.slice(1), 2, review);
    const third = await ahead.take("s", "draft", MODULES.slice(2), 2, review);
    expect([second.violations[0]!.rule_id, third.violations[0]!.rule_id]).toEqual(["b#0", "c#0"]);
    // Nothing reviewed twice.
    expect(started).toEqual(["a#0", "b#0", "c#0"]);
  });

  it("a dropped batch aborts what is in flight, and the next module is reviewed again on the new draft", async () => {
    const ahead = new ReviewAhead();
    const { review, open, settle } = gatedReview();
    const first = ahead.take("s", "draft 1", MODULES, 2, review);
    await settle("a#0");
    await first;
    ahead.drop("s");
    await until(() => open.get("b#0")?.signal?.aborted === true);
    const next = ahead.take("s", "draft 2", MODULES.slice(1), 2, review);
    await settle("b#1");
    expect((await next).violations[0]!.rule_id).toBe("b#1");
  });

  it("a different draft than the one reviewed ahead is never answered from the old results", async () => {
    const ahead = new ReviewAhead();
    const { review, started, settle } = gatedReview();
    const first = ahead.take("s", "draft 1", MODULES, 3, review);
    await Promise.all(["a#0", "b#0", "c#0"].map(settle));
    await first;
    const onNew = ahead.take("s", "draft 2", MODULES.slice(1), 3, review);
    await settle("b#1");
    expect((await onNew).violations[0]!.rule_id).toBe("b#1");
    expect(started).toContain("c#1");
  });

  it("with one sequence nothing runs ahead", async () => {
    const ahead = new ReviewAhead();
    const { review, started, settle } = gatedReview();
    const first = ahead.take("s", "draft", MODULES, 1, review);
    await settle("a#0");
    await first;
    expect(started).toEqual(["a#0"]);
  });

  it("the run's abort reaches the reviews started ahead and the module's own call", async () => {
    const ahead = new ReviewAhead();
    const { review, open } = gatedReview();
    const run = new AbortController();
    const first = ahead.take("s", "draft", MODULES, 2, review, run.signal);
    await until(() => open.size === 2);
    run.abort(new DOMException("Cancelled", "AbortError"));
    await expect(first).rejects.toThrow("Cancelled");
    expect(open.get("b#0")!.signal!.aborted).toBe(true);
  });

  it("a long draft on a local model is reviewed one module at a time; a short one, or a server, at the pool's width", () => {
    const long = "第一段文字。".repeat(120);
    expect(reviewAheadWidth(long, 2, true)).toBe(1);
    expect(reviewAheadWidth(long, 2, false)).toBe(2);
    expect(reviewAheadWidth("# 笔记\n\n一行。", 2, true)).toBe(2);
  });
});
