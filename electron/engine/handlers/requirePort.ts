import { ScriptoriumError } from "../../../shared/errors.js";

/** The service, or `unavailable` naming the feature when this engine was built without it. */
export function requirePort<T>(service: T | undefined, feature: string): T {
  if (!service) throw new ScriptoriumError("unavailable", `${feature} is not configured.`);
  return service;
}
