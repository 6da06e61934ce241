import fs from "node:fs";
import path from "node:path";

/**
 * The versions of a Lance table (a folder) whose commit was a create/overwrite: its transaction file
 * carries the table schema (a field name of the chunk schema), which an append, delete, rewrite or
 * index commit does not. More than one means a create landed over an existing table.
 */
export function committedOverwrites(table: string): number[] {
  const found: number[] = [];
  const txns = fs.readdirSync(path.join(table, "_transactions"));
  for (const name of fs.readdirSync(path.join(table, "_versions"))) {
    if (!name.endsWith(".manifest")) continue;
    // V2 naming: the file is named u64::MAX - version, so the newest sorts first.
    const version = Number(18446744073709551615n - BigInt(name.slice(0, -".manifest".length)));
    const manifest = fs.readFileSync(path.join(table, "_versions", name)).toString("latin1");
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(manifest)?.[0];
    const txn = uuid && txns.find((file) => file.endsWith(`-${uuid}.txn`));
    if (!txn) continue;
    if (fs.readFileSync(path.join(table, "_transactions", txn)).toString("latin1").includes("heading_path")) found.push(version);
  }
  return found.sort((a, b) => a - b);
}
