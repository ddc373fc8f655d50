import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

/**
 * The import graph the boundary tests judge (widget/boundaries.test.ts and any later rule set): what each
 * source file imports, parsed with the TypeScript compiler (comments and strings cannot fool it), and
 * rules as data: "files under these folders may import, of those targets, only these".
 */

/** `type`: erased at build (`import type`, `export type … from`, `typeof import(…)`). */
export type ImportKind = 'static' | 'type' | 'dynamic';

export interface ImportRef {
  specifier: string;
  kind: ImportKind;
  line: number;
  /** The repo-relative file a relative specifier resolves to; null for a package. */
  target: string | null;
  /** The package of a bare specifier (`preact` for `preact/hooks`, `node:fs`); null for a file. */
  package: string | null;
}

export interface SourceImports {
  file: string;
  imports: ImportRef[];
}

const EXTENSIONS = ['', '.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'];

function resolveFile(root: string, fromFile: string, specifier: string): string {
  const base = posix.join(posix.dirname(fromFile), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base];
  for (const stem of candidates) {
    for (const ext of EXTENSIONS) {
      const path = join(root, stem + ext);
      if (existsSync(path) && statSync(path).isFile()) return stem + ext;
    }
  }
  return base;
}

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const literal = (node: ts.Node | undefined): string | null =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;

/**
 * Lists the imports of one file (repo-relative path, forward slashes). A dynamic import of a computed
 * specifier is listed with neither target nor package, so a rule set can refuse what it cannot judge.
 */
export function listImports(root: string, file: string, source?: string): ImportRef[] {
  const text = source ?? readFileSync(join(root, file), 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const refs: ImportRef[] = [];
  const add = (node: ts.Node, specifier: string | null, kind: ImportKind) => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    if (specifier === null) {
      refs.push({ specifier: node.getText(sf), kind, line, target: null, package: null });
    } else if (specifier.startsWith('.')) {
      refs.push({ specifier, kind, line, target: resolveFile(root, file, specifier), package: null });
    } else {
      refs.push({ specifier, kind, line, target: null, package: packageOf(specifier) });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      add(node, literal(node.moduleSpecifier), node.importClause?.isTypeOnly ? 'type' : 'static');
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      add(node, literal(node.moduleSpecifier), node.isTypeOnly ? 'type' : 'static');
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      add(node, ts.isLiteralTypeNode(arg) ? literal(arg.literal) : null, 'type');
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, literal(node.arguments[0]), 'dynamic');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return refs;
}

const isTest = (name: string) => /\.test\.tsx?$/.test(name);

/** The non-test TypeScript sources under the given repo-relative folders, with their imports. */
export function readSources(root: string, folders: string[]): SourceImports[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = posix.join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return /\.tsx?$/.test(entry.name) && !isTest(entry.name) ? [path] : [];
    });
  return folders
    .flatMap(walk)
    .sort()
    .map((file) => ({ file, imports: listImports(root, file) }));
}

/** A folder or file (repo-relative), or a package name (`preact`, `node:fs`). */
export interface Allowed {
  to: string;
  /** The import kinds allowed; any kind when absent. */
  only?: ImportKind[];
}

export interface ImportRule {
  /** The rule in words, printed with every violation. */
  rule: string;
  /** Folders or files whose sources the rule checks. */
  from: string[];
  /** The imports the rule judges: targets under these folders or files, or `packages` for bare specifiers. */
  about: string[];
  /** Of the imports judged, the ones allowed; any other is a violation. */
  allow: Allowed[];
}

const under = (path: string, place: string) => path === place || path.startsWith(`${place}/`);

function judged(ref: ImportRef, about: string[]): boolean {
  if (ref.package !== null) return about.includes('packages');
  return ref.target !== null && about.some((place) => under(ref.target!, place));
}

function allowed(ref: ImportRef, allow: Allowed[]): boolean {
  return allow.some(
    (a) =>
      (ref.package !== null ? ref.package === a.to : under(ref.target!, a.to)) &&
      (!a.only || a.only.includes(ref.kind)),
  );
}

/** One line per broken rule: `file:line imports target (kind): rule`. Computed specifiers always fail. */
export function findViolations(rules: ImportRule[], sources: SourceImports[]): string[] {
  const out: string[] = [];
  for (const { file, imports } of sources) {
    for (const ref of imports) {
      const where = `${file}:${ref.line} imports ${ref.target ?? ref.package ?? ref.specifier} (${ref.kind})`;
      if (ref.target === null && ref.package === null) {
        out.push(`${where}: an import must name its module literally, or no rule can judge it`);
        continue;
      }
      for (const r of rules) {
        if (r.from.some((place) => under(file, place)) && judged(ref, r.about) && !allowed(ref, r.allow)) {
          out.push(`${where}: ${r.rule}`);
        }
      }
    }
  }
  return out;
}

/**
 * The import cycles among the sources (static and type-only imports; `import()` is a lazy edge and may
 * point back): each cycle once, as the files in order, starting at its smallest path. Strongly connected
 * components (Tarjan), so a knot of several loops is reported as one cycle of all its files.
 */
export function findCycles(sources: SourceImports[]): string[][] {
  const edges = new Map<string, string[]>();
  for (const { file, imports } of sources)
    edges.set(
      file,
      imports.filter((r) => r.kind !== 'dynamic' && r.target !== null).map((r) => r.target!),
    );
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!edges.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfLoop = (edges.get(file) ?? []).includes(file);
    if (component.length > 1 || selfLoop) cycles.push(component.sort());
  };
  for (const file of [...edges.keys()].sort()) if (!index.has(file)) visit(file);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
