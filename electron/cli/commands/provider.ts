import type { CommandGroup } from "../../../shared/cli/CliContext.js";
import { expectArgs, printResult, usageError } from "../../../shared/cli/CliContext.js";

/** `provider list | test <name>`: intranet search providers. */
export const providerCommand: CommandGroup = async (ctx) => {
  const api = await ctx.api();
  switch (ctx.args[0]) {
    case "list": {
      expectArgs(ctx, 0, "provider list");
      const result = await api.call("providers.list", {});
      printResult(ctx, result, () => {
        if (result.providers.length === 0) ctx.out("(no providers)");
        for (const p of result.providers) ctx.out(`${p.name}  ${p.enabled ? "enabled " : "disabled"}  ${p.method} ${p.baseUrl}${p.hasKey ? "  (key stored)" : ""}`);
      });
      return 0;
    }
    case "test": {
      const [name] = expectArgs(ctx, 1, "provider test <name>");
      const result = await api.call("providers.test", { name: name as string });
      printResult(ctx, result, () => {
        ctx.out(`${result.ok ? "ok" : "FAILED"}  ${result.materials.length} materials, ${result.dropped} dropped, ${result.elapsedMs} ms`);
        if (result.error) ctx.out(`error: ${result.error}`);
        for (const m of result.materials.slice(0, 5)) ctx.out(`  ${m.title} — ${m.source}`);
      });
      return result.ok ? 0 : 1;
    }
    default:
      throw usageError("usage: provider list | provider test <name>");
  }
};
