import { z } from "zod";
import { CoreSettingsSchema } from "./coreSettings.js";
import type { WorkflowContract } from "./workflows/contract.js";

/** `{ <id>: its settings group }` for each contract of `C` that declares one. */
export type WorkflowSettingsShape<C extends Record<string, WorkflowContract<any, any, any, any, any, any, any>>> = {
  [W in keyof C as NonNullable<C[W]["settings"]> extends z.ZodNever ? never : W]: NonNullable<C[W]["settings"]>;
};

/**
 * The settings schema of a set of workflows: the core settings plus, under each workflow's id, the
 * group its contract declares; and the patch schema of `settings.update`. The patch is built from
 * the fields without their defaults — zod 4's `.partial()` keeps `.default()`, which would reset
 * every setting the patch leaves out. A group without a default, or an id that is a core key, is refused.
 */
export function settingsSchemaOf(contracts: readonly WorkflowContract<any, any, any, any, any, any, any>[]): { settings: z.ZodObject; patch: z.ZodObject } {
  const groups: Record<string, z.ZodType> = {};
  for (const contract of contracts) {
    if (!contract.settings) continue;
    if (contract.id in CoreSettingsSchema.shape) throw new Error(`workflow "${contract.id}" names a settings group that is a core setting`);
    if (!(contract.settings instanceof z.ZodDefault)) throw new Error(`workflow "${contract.id}"'s settings group needs a .default(), so an empty database is valid`);
    groups[contract.id] = contract.settings;
  }
  const settings = CoreSettingsSchema.extend(groups);
  const optional = (field: z.ZodType) => ((field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType).optional();
  const patch = z.object(Object.fromEntries(Object.entries(settings.shape).map(([key, field]) => [key, optional(field)]))).strict();
  return { settings, patch };
}
