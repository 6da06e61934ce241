import type { OutlineSymbol } from "./OutlineSymbol.js";

type Ts = typeof import("typescript");
let tsModule: Promise<Ts | undefined> | undefined;

/** The TypeScript compiler, loaded once on first use; undefined when it is not installed (regex fallback). */
function loadTs(): Promise<Ts | undefined> {
  tsModule ??= import("typescript").then((m) => ((m as { default?: Ts }).default ?? m) as Ts).catch(() => undefined);
  return tsModule;
}

/** Outline of a TS/JS file with the TypeScript compiler API (exact spans, no type checking). */
export async function tsOutline(fileName: string, text: string): Promise<OutlineSymbol[] | undefined> {
  const ts = await loadTs();
  if (!ts) return undefined;
  const kind = /\.tsx$/.test(fileName) ? ts.ScriptKind.TSX : /\.jsx$/.test(fileName) ? ts.ScriptKind.JSX : /\.[cm]?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const out: OutlineSymbol[] = [];
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  const isExported = (node: import("typescript").Node): boolean => {
    const mods = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
    return !!mods?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  };
  const push = (node: import("typescript").Node, symbolKind: string, name: string, depth: number, exported: boolean) => {
    out.push({ kind: symbolKind, name, startLine: lineOf(node.getStart(sf)), endLine: lineOf(node.getEnd()), exported, depth });
  };
  const members = (node: import("typescript").ClassDeclaration | import("typescript").InterfaceDeclaration) => {
    for (const m of node.members) {
      const name = m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name) || ts.isPrivateIdentifier(m.name)) ? m.name.text : undefined;
      if (!name) continue;
      if (ts.isMethodDeclaration(m) || ts.isMethodSignature(m)) push(m, "method", name, 1, false);
      else if (ts.isPropertyDeclaration(m) || ts.isPropertySignature(m)) push(m, "property", name, 1, false);
      else if (ts.isGetAccessor(m) || ts.isSetAccessor(m)) push(m, "accessor", name, 1, false);
    }
    for (const m of node.members) if (ts.isConstructorDeclaration(m)) push(m, "constructor", "constructor", 1, false);
  };
  for (const st of sf.statements) {
    const exported = isExported(st) || ts.isExportAssignment(st);
    if (ts.isFunctionDeclaration(st) && st.name) push(st, "function", st.name.text, 0, exported);
    else if (ts.isClassDeclaration(st)) {
      push(st, "class", st.name?.text ?? "default", 0, exported);
      members(st);
    } else if (ts.isInterfaceDeclaration(st)) {
      push(st, "interface", st.name.text, 0, exported);
      members(st);
    } else if (ts.isTypeAliasDeclaration(st)) push(st, "type", st.name.text, 0, exported);
    else if (ts.isEnumDeclaration(st)) push(st, "enum", st.name.text, 0, exported);
    else if (ts.isModuleDeclaration(st)) push(st, "namespace", st.name.getText(sf), 0, exported);
    else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        if (!ts.isIdentifier(d.name)) continue;
        const fn = d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer));
        push(d, fn ? "function" : "variable", d.name.text, 0, exported);
      }
    } else if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause)) {
      for (const e of st.exportClause.elements) push(e, "export", e.name.text, 0, true);
    }
  }
  out.sort((a, b) => a.startLine - b.startLine || a.depth - b.depth);
  return out;
}
