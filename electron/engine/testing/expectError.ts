import { expect } from "vitest";
import { ScriptoriumError } from "../../../shared/errors.js";

/** Await a promise that must reject with a ScriptoriumError of `code`; returns that error. */
export async function expectError(promise: Promise<unknown>, code: string): Promise<ScriptoriumError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ScriptoriumError);
  expect((error as ScriptoriumError).code).toBe(code);
  return error as ScriptoriumError;
}
