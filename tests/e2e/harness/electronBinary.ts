import fs from "node:fs";
import path from "node:path";

/** Where Electron's binary is, or why this machine has none (one line, saying what to do). */
export type ElectronBinary = { path: string } | { missing: string };

/**
 * The binary the `electron` package downloads in its postinstall (`node_modules/electron/path.txt`
 * names it under `dist/`). `npm ci` on a machine with internet installs it; this sandbox has none.
 */
export function findElectronBinary(root = process.cwd()): ElectronBinary {
  const pkg = path.join(root, "node_modules", "electron");
  if (!fs.existsSync(path.join(pkg, "package.json"))) return { missing: "the electron package is not installed (run npm ci)" };
  const pathFile = path.join(pkg, "path.txt");
  if (!fs.existsSync(pathFile)) {
    return { missing: "Electron's binary is not installed: node_modules/electron/path.txt is absent (its postinstall download never ran or had no network); run `npx install-electron` or `npm ci` with internet access" };
  }
  const exe = path.join(pkg, "dist", fs.readFileSync(pathFile, "utf8").trim());
  if (!fs.existsSync(exe)) return { missing: `Electron's binary is missing at ${exe}; reinstall it with \`npx install-electron\`` };
  return { path: exe };
}
