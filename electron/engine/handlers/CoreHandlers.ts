import type { MethodName, MethodOutput, MethodParsedInput } from "../../../shared/api.js";
import type { CORE_API } from "../../../shared/api.js";

/** A handler per method; the input is already parsed by the method's schema. */
export type Handlers<M extends MethodName> = { [K in M]: (input: MethodParsedInput<K>) => Promise<MethodOutput<K>> };

/** Handlers of the core methods (every name of `CORE_API`). */
export type CoreHandlers = Handlers<keyof typeof CORE_API>;
