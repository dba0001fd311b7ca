/**
 * The server's shape, checked over its import graph (the lint setup checks each import on its own; a
 * cycle only shows in the whole graph): no module depends on itself through others, infrastructure
 * depends on no feature module, and no file imports itself back at run time.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SRC = join(__dirname);

interface Import {
  target: string;
  /** Erased by the compiler (`import type`, or every name marked `type`): no run-time edge. */
  typeOnly: boolean;
}

/** The production sources: what the build compiles (tests and their harness excluded). */
function productionFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(SRC, 'test') || entry.name === 'migrations' ? [] : productionFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node))
    return node.isTypeOnly || (!!node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.every((e) => e.isTypeOnly));
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return !clause.name && !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

function importsOf(file: string): Import[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((node) => {
    if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) || !node.moduleSpecifier) return [];
    const specifier = (node.moduleSpecifier as ts.StringLiteral).text;
    if (!specifier.startsWith('.')) return [];
    return [{ target: resolve(dirname(file), specifier).replace(/\.js$/, '.ts'), typeOnly: isTypeOnly(node) }];
  });
}

/** `modules/tasks`, `infra/mail`… for a file inside one; undefined elsewhere (db, http, lib, the composition root). */
function partOf(file: string): string | undefined {
  return /^((?:modules|infra)\/[^/]+)\//.exec(relative(SRC, file))?.[1];
}

/** Every cycle's path, found by a depth-first walk (each cycle reported once per entry point is enough to fail). */
function cyclesIn(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const walk = (node: string, path: string[]) => {
    const at = path.indexOf(node);
    if (at >= 0) return void cycles.push([...path.slice(at), node]);
    if (done.has(node)) return;
    for (const next of graph.get(node) ?? []) walk(next, [...path, node]);
    done.add(node);
  };
  for (const node of graph.keys()) walk(node, []);
  return cycles;
}

const files = productionFiles();
const edges = files.flatMap((file) => importsOf(file).map((found) => ({ from: file, ...found })));

describe('server architecture', () => {
  it('reads the whole tree (a guard against a walk that finds nothing)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(edges.some((edge) => partOf(edge.from) === 'modules/tasks' && partOf(edge.target) === 'modules/projects')).toBe(true);
  });

  it('has no cycle between modules, counting type imports too', () => {
    const graph = new Map<string, Set<string>>();
    for (const edge of edges) {
      const [from, to] = [partOf(edge.from), partOf(edge.target)];
      if (from && to && from !== to) (graph.get(from) ?? graph.set(from, new Set()).get(from)!).add(to);
    }
    expect(cyclesIn(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('has no file that imports itself back at run time', () => {
    const graph = new Map<string, Set<string>>();
    for (const edge of edges.filter((e) => !e.typeOnly)) (graph.get(edge.from) ?? graph.set(edge.from, new Set()).get(edge.from)!).add(edge.target);
    expect(cyclesIn(graph).map((cycle) => cycle.map((file) => relative(SRC, file)).join(' → '))).toEqual([]);
  });

  it('keeps infrastructure free of feature modules', () => {
    const reaching = edges.filter((edge) => partOf(edge.from)?.startsWith('infra/') && partOf(edge.target)?.startsWith('modules/'));
    expect(reaching.map((edge) => `${relative(SRC, edge.from)} → ${relative(SRC, edge.target)}`)).toEqual([]);
  });

  it('hands each module only what it names: no module reads the composition root’s whole bag of services', () => {
    // A routes file that took `Services` could call any service without an import, so the graph
    // above (and a reader) would not see that dependency; each names its own services instead.
    const root = join(SRC, 'services.ts');
    const bagTakers = edges.filter((edge) => partOf(edge.from)?.startsWith('modules/') && edge.target === root);
    expect(bagTakers.map((edge) => relative(SRC, edge.from))).toEqual([]);
  });

  it('lets modules reach each other only through their front doors', () => {
    const sideDoors = edges.filter((edge) => {
      const to = partOf(edge.target);
      return to?.startsWith('modules/') && partOf(edge.from) !== to && !edge.target.endsWith('/index.ts');
    });
    expect(sideDoors.map((edge) => `${relative(SRC, edge.from)} → ${relative(SRC, edge.target)}`)).toEqual([]);
  });
});
