import { realpathSync } from "node:fs";
import path from "node:path";

/**
 * Whether `candidate` is `root` itself or lies under it, by path alone (both absolute; resolve
 * them first). `..` segments that climb out, another drive and a sibling sharing a prefix
 * (`/data` vs `/data2`) are outside; a name that merely starts with dots (`..notes`) is inside.
 * The one confinement check of the app: the static file server and docgen's code tools use it.
 */
export function isInsideRoot(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  if (rel === "") return true;
  return rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/**
 * The real path of `candidate` when it exists and, symlinks followed, still lies inside `realRoot`
 * (itself a real path); null otherwise. Checking the real path catches a link inside the root
 * that points out of it, which the path alone cannot show.
 */
export function confinePathSync(realRoot: string, candidate: string): string | null {
  let real: string;
  try {
    real = realpathSync(candidate);
  } catch {
    return null;
  }
  return isInsideRoot(realRoot, real) ? real : null;
}
