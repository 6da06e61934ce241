import path from "node:path";
import type { CommandGroup } from "../../../shared/cli/CliContext.js";
import { defineFlags, expectArgs, printResult, usageError } from "../../../shared/cli/CliContext.js";
import { systemStreamCursor, waitForTask } from "../../../shared/cli/waitForTask.js";

/** Flags of `models` besides the global ones. */
export const MODELS_FLAGS = defineFlags({ embedding: "boolean" });

/** `models list|import <file>|download <catalogId>|select <id> [--embedding]`. */
export const modelsCommand: CommandGroup<typeof MODELS_FLAGS> = async (ctx) => {
  const api = await ctx.api();
  switch (ctx.args[0]) {
    case "list": {
      expectArgs(ctx, 0, "models list");
      const result = await api.call("models.list", {});
      printResult(ctx, result, () => {
        ctx.out(result.loaded ? `loaded: ${result.loaded.model} (${result.loaded.backend})` : "loaded: none");
        ctx.out("installed:");
        if (result.installed.length === 0) ctx.out("  (none)");
        for (const m of result.installed) ctx.out(`  ${m.id}  ${(m.sizeBytes / 1e9).toFixed(2)} GB  ${m.architecture ?? "?"}  fit ${m.fit}`);
        ctx.out("catalog:");
        for (const c of result.catalog) ctx.out(`  ${c.id}  ${c.name}  ${c.kind}  ${c.ramRequiredGb} GB RAM  fit ${c.fit}${c.installed ? "  (installed)" : ""}`);
        for (const w of result.warnings) ctx.out(`warning: ${w.message}`);
      });
      return 0;
    }
    case "import": {
      const [file] = expectArgs(ctx, 1, "models import <file.gguf>");
      const { model } = await api.call("models.import", { path: path.resolve(file as string) });
      printResult(ctx, { model }, () => ctx.out(`imported ${model.id} (${model.architecture ?? "unknown architecture"})`));
      return 0;
    }
    case "download": {
      const [catalogId] = expectArgs(ctx, 1, "models download <catalogId>");
      const cursor = await systemStreamCursor(api);
      const { downloadId } = await api.call("models.download", { catalogId: catalogId as string });
      if (!ctx.flags.json) ctx.out(`downloading ${catalogId} (${downloadId})`);
      return (await waitForTask(ctx, api, downloadId, cursor)) ? 0 : 1;
    }
    case "select": {
      const [id] = expectArgs(ctx, 1, "models select <id> [--embedding]");
      const { settings } = await api.call("models.select", ctx.flags.embedding ? { embeddingModel: id as string } : { chatModel: id as string });
      printResult(ctx, { settings }, () => ctx.out(`chat model: ${settings.chatModel ?? "none"}; embedding model: ${settings.embeddingModel ?? "none"}`));
      return 0;
    }
    default:
      throw usageError("usage: models list | import <file> | download <catalogId> | select <id>");
  }
};
