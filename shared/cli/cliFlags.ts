/** A flag's value kind on the command line: `--name value` or a bare `--name`. */
export type FlagKind = "string" | "boolean";

/** The flags a command declares, by their command-line name (`"text-file": "string"`). */
export type FlagSpec = Readonly<Record<string, FlagKind>>;

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** The parsed values of a spec, camel-cased (`--text-file` → `textFile`); absent flags are undefined. */
export type FlagsOf<F extends FlagSpec> = { [K in keyof F & string as CamelCase<K>]?: F[K] extends "boolean" ? boolean : string };

/** Flags every command takes; `--json '{…}'` after `resume` arrives as `payload`. */
export const GLOBAL_FLAGS = { "data-dir": "string", model: "string", json: "boolean", events: "boolean", payload: "string", help: "boolean" } as const satisfies FlagSpec;

export interface GlobalFlags {
  dataDir: string | null;
  modelPath: string | null;
  json: boolean;
  /**
   * `--events`: a long run's progress events go to stdout as JSON lines, before its result (one line
   * too); without it `--json` writes them to stderr. Implies `--json`.
   */
  events?: boolean;
  /** The JSON object given as `--json '{…}'` (a resume payload). */
  payload?: string;
}

/** What a command reads: the global flags plus its own. */
export type CliFlags<F extends FlagSpec = {}> = GlobalFlags & FlagsOf<F>;

/** Declares a command's flags with their literal types kept (`defineFlags({ wait: "boolean" })`). */
export function defineFlags<const F extends FlagSpec>(spec: F): F {
  return spec;
}

/** `text-file` → `textFile`. */
export function camelFlag(name: string): string {
  return name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/**
 * Joins the flag specs of every command into the one table the parser takes. A flag two commands
 * declare with different kinds would parse one of them wrongly, so that is refused naming both.
 */
export function mergeFlagSpecs(specs: ReadonlyArray<{ owner: string; flags: FlagSpec }>): Record<string, FlagKind> {
  const merged: Record<string, FlagKind> = { ...GLOBAL_FLAGS };
  const owners: Record<string, string> = Object.fromEntries(Object.keys(GLOBAL_FLAGS).map((name) => [name, "global"]));
  for (const { owner, flags } of specs) {
    for (const [name, kind] of Object.entries(flags)) {
      if (merged[name] !== undefined && merged[name] !== kind) {
        throw new Error(`CLI flag --${name} is declared as ${merged[name]} by ${owners[name]} and as ${kind} by ${owner}`);
      }
      merged[name] = kind;
      owners[name] ??= owner;
    }
  }
  return merged;
}
