// Unused exports and unused files of src/, found from the syntax of every file (the TypeScript compiler's
// parser, and tsconfig.json's paths for `@/…`; no type checking, so it takes a second or two).
//
// Uses: any import of a src/ file — static, dynamic (`import()`), `import type`, `export … from`,
// `typeof import()` — from src/ itself, scripts/, test/, bench/, e2e/, packages/ and the root configs, and
// a path to a src/ file written in a string (child processes started on a file). Re-exports are followed
// (`export { x } from`, `export * from`), so an index that re-exports a name does not make it used: a
// caller of the index does.
// Entry points: Next's app files under src/app (page, layout, route, …), src/proxy.ts, src/instrumentation.ts;
// Next reads their exports, so they are all used. Every file outside src/ (and every *.test.ts) is a root too.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const SRC = path.join(ROOT, "src");
const SCANNED_DIRS = ["src", "scripts", "test", "bench", "e2e", "packages"];
const SKIPPED_DIRS = new Set(["node_modules", "generated", "dist", ".next"]);
const CODE_RE = /\.(tsx?|mts|mjs|cts|cjs|js)$/;

/** Next.js App Router file conventions: the framework imports these and reads their exports. */
const NEXT_APP_FILE = /^(page|layout|route|template|default|loading|error|global-error|not-found|forbidden|unauthorized|opengraph-image|twitter-image|icon|apple-icon|sitemap|robots|manifest)\.(tsx?|jsx?)$/;
const SRC_ENTRIES = ["src/proxy.ts", "src/middleware.ts", "src/instrumentation.ts", "src/instrumentation-client.ts"];

type FileInfo = {
  file: string;
  source: ts.SourceFile;
  /** exported name → the local declaration's name ("" when it is a re-export) */
  exports: Map<string, { line: number }>;
  /** exported name → [target file, name in the target] */
  reExports: Map<string, [string, string]>;
  /** `export * from` targets */
  starExports: string[];
  /** [target file, imported name or "*" for the whole module, or null: the file only] */
  imports: [string, string | null][];
};

function* walk(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith(".") || SKIPPED_DIRS.has(e.name)) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (CODE_RE.test(e.name) && !e.name.endsWith(".d.ts")) yield p;
  }
}

/** tsconfig.json's `paths` ("@/*" → "./src/*"), as [prefix, directory] pairs. */
function pathMappings(): [string, string][] {
  const config = ts.readConfigFile(path.join(ROOT, "tsconfig.json"), ts.sys.readFile).config;
  return Object.entries<string[]>(config.compilerOptions?.paths ?? {}).map(([from, [to]]) => [from.replace(/\*$/, ""), path.resolve(ROOT, to.replace(/\*$/, ""))]);
}

const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx"];

/** The module resolution of tsconfig.json (bundler: paths, extensions, index files) over the files read. */
function resolver(known: Set<string>): (spec: string, from: string) => string | null {
  const mappings = pathMappings();
  return (spec, from) => {
    let base: string | null = null;
    if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
    else for (const [prefix, dir] of mappings) if (spec.startsWith(prefix)) base = path.join(dir, spec.slice(prefix.length));
    if (!base) return null; // a package
    for (const ext of EXTENSIONS) if (known.has(base + ext)) return base + ext;
    if (/\.js$/.test(base) && known.has(base.replace(/\.js$/, ".ts"))) return base.replace(/\.js$/, ".ts");
    return null;
  };
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

export function isSrcEntry(file: string): boolean {
  const r = rel(file);
  if (SRC_ENTRIES.includes(r)) return true;
  return r.startsWith("src/app/") && NEXT_APP_FILE.test(path.basename(r));
}

const isTestFile = (file: string) => /\.(test|spec)\.tsx?$/.test(file);

function bindingNames(name: ts.BindingName, out: string[]): void {
  if (ts.isIdentifier(name)) out.push(name.text);
  else for (const el of name.elements) if (!ts.isOmittedExpression(el)) bindingNames(el.name, out);
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

function analyse(file: string, text: string, resolve: (spec: string, from: string) => string | null): FileInfo {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : /\.[mc]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const info: FileInfo = { file, source, exports: new Map(), reExports: new Map(), starExports: [], imports: [] };
  const lineOf = (n: ts.Node) => source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1;
  const importOf = (spec: string, name: string | null) => {
    const target = resolve(spec, file);
    if (target) info.imports.push([target, name]);
  };

  for (const st of source.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const spec = st.moduleSpecifier.text;
      const clause = st.importClause;
      if (!clause) importOf(spec, null);
      else {
        if (clause.name) importOf(spec, "default");
        const b = clause.namedBindings;
        if (b && ts.isNamespaceImport(b)) importOf(spec, "*");
        else if (b) for (const el of b.elements) importOf(spec, (el.propertyName ?? el.name).text);
        if (!clause.name && !b) importOf(spec, null);
      }
    } else if (ts.isExportDeclaration(st)) {
      const spec = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : null;
      const target = spec ? resolve(spec, file) : null;
      if (spec && target) info.imports.push([target, null]);
      if (!st.exportClause) {
        if (target) info.starExports.push(target);
      } else if (ts.isNamespaceExport(st.exportClause)) {
        info.exports.set(st.exportClause.name.text, { line: lineOf(st) });
        if (target) info.reExports.set(st.exportClause.name.text, [target, "*"]);
      } else {
        for (const el of st.exportClause.elements) {
          info.exports.set(el.name.text, { line: lineOf(el) });
          if (target) info.reExports.set(el.name.text, [target, (el.propertyName ?? el.name).text]);
        }
      }
    } else if (ts.isExportAssignment(st)) {
      info.exports.set("default", { line: lineOf(st) });
    } else if (hasModifier(st, ts.SyntaxKind.ExportKeyword)) {
      const isDefault = hasModifier(st, ts.SyntaxKind.DefaultKeyword);
      const names: string[] = [];
      if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) bindingNames(d.name, names);
      else if (isDefault) names.push("default");
      else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isEnumDeclaration(st) || ts.isModuleDeclaration(st)) && st.name && ts.isIdentifier(st.name)) names.push(st.name.text);
      for (const n of names) info.exports.set(n, { line: lineOf(st) });
    }
  }

  // Dynamic imports, `typeof import()` / `import("x").T`, require(), and paths to source files in strings.
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.arguments.length >= 1 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === "require";
      const isMock = ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === "vi";
      if (isImport || isRequire || isMock) importOf(node.arguments[0].text, "*");
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const q = node.qualifier;
      let first: ts.EntityName | undefined = q;
      while (first && ts.isQualifiedName(first)) first = first.left;
      importOf(node.argument.literal.text, first && ts.isIdentifier(first) ? first.text : "*");
    } else if (ts.isStringLiteralLike(node) && /\.(tsx?|mts)$/.test(node.text) && !node.text.includes("*")) {
      for (const base of [path.dirname(file), ROOT]) {
        const candidate = path.resolve(base, node.text);
        if (candidate.startsWith(SRC + path.sep) && fs.existsSync(candidate)) {
          info.imports.push([candidate, "*"]);
          break;
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  if (/\bimport\s*\(|\brequire\s*\(|\bvi\.mock|\.(tsx?|mts)["'`]/.test(text)) visit(source);
  return info;
}

/** How many times an identifier with this text occurs in the file (its declaration included). */
function occurrences(source: ts.SourceFile, name: string): number {
  let n = 0;
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === name) n++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return n;
}

export type UnusedExport = { file: string; name: string; line: number; usedInOwnFile: boolean };

/** `extra`: files that do not exist, path (from the repository root) → text, as if they did (the test's fixtures). */
export function findUnusedCode(extra: Record<string, string> = {}): { unusedExports: UnusedExport[]; unusedFiles: string[]; fileCount: number } {
  const virtual = new Map(Object.entries(extra).map(([p, text]) => [path.join(ROOT, p), text]));
  const files = [
    ...SCANNED_DIRS.flatMap((d) => [...walk(path.join(ROOT, d))]),
    ...fs.readdirSync(ROOT).filter((f) => CODE_RE.test(f) && !f.endsWith(".d.ts")).map((f) => path.join(ROOT, f)),
    ...virtual.keys(),
  ];
  const resolve = resolver(new Set(files));
  const infos = new Map(files.map((f) => [f, analyse(f, virtual.get(f) ?? fs.readFileSync(f, "utf8"), resolve)]));
  const inSrc = (f: string) => f.startsWith(SRC + path.sep);

  // Files reached from the roots: everything outside src/, tests, and Next's entry points.
  const reached = new Set<string>();
  const stack = files.filter((f) => !inSrc(f) || isTestFile(f) || isSrcEntry(f));
  while (stack.length) {
    const f = stack.pop()!;
    if (reached.has(f)) continue;
    reached.add(f);
    for (const [t] of infos.get(f)?.imports ?? []) if (!reached.has(t)) stack.push(t);
  }

  // Names used from other files, followed through re-exports.
  const used = new Map<string, Set<string>>();
  const mark = (file: string, name: string) => {
    const info = infos.get(file);
    const set = used.get(file) ?? new Set<string>();
    used.set(file, set);
    if (set.has(name)) return;
    set.add(name);
    if (!info) return;
    if (name === "*") {
      for (const n of info.exports.keys()) mark(file, n);
      for (const t of info.starExports) mark(t, "*");
      return;
    }
    const re = info.reExports.get(name);
    if (re) mark(re[0], re[1]);
    else if (!info.exports.has(name)) for (const t of info.starExports) mark(t, name);
  };
  for (const info of infos.values()) {
    for (const [t, name] of info.imports) if (name) mark(t, name);
    if (inSrc(info.file) && isSrcEntry(info.file)) mark(info.file, "*");
  }

  const unusedExports: UnusedExport[] = [];
  const unusedFiles: string[] = [];
  for (const info of infos.values()) {
    if (!inSrc(info.file) || isTestFile(info.file)) continue;
    if (!reached.has(info.file)) {
      unusedFiles.push(rel(info.file));
      continue;
    }
    const set = used.get(info.file);
    for (const [name, { line }] of info.exports) {
      if (set?.has(name)) continue;
      const local = !info.reExports.has(name) && name !== "default" && occurrences(info.source, name) > 1;
      unusedExports.push({ file: rel(info.file), name, line, usedInOwnFile: local });
    }
  }
  return { unusedExports, unusedFiles: unusedFiles.sort(), fileCount: infos.size };
}
