import path from 'node:path';
import { messageOf } from '@sunset/analysis';
import { creditRewrite, displayPath, placeKey } from '@sunset/engine';
import { Node as MorphNode, type Identifier, type Project } from 'ts-morph';
import type { ProjectAnalysis, ProjectFinding } from './project-check.js';
import { isCommonJsExportTarget, type ValueDeclaration } from './type-resolver.js';

// What `sunset fix --project` does with a path written in a shared declaration (a constant another
// file's requests read): it rewrites it there only when every use is the same one-to-one migration,
// and otherwise gives each use a TODO with the reason. `sunset check --project` says the same of each
// use (`fix: rewrite` or `todo`), so both come from here.

/** A declaration the retired path of some findings is written in, and what fix --project does with it. */
export interface DeclarationGroup {
  readonly declaration: ValueDeclaration;
  /** The findings whose path it holds. */
  readonly uses: readonly ProjectFinding[];
  /** The edit of its text (offsets inside the quotes) when fix --project rewrites it there; undefined when it does not. */
  readonly edit?: { readonly start: number; readonly end: number; readonly text: string };
  /** Why a use that is one-to-one is a TODO (`todoCauseOf`), when the declaration is not rewritten. */
  readonly cause?: string;
}

export const declarationKey = (declaration: Pick<ValueDeclaration, 'file' | 'range'>): string => `${declaration.file}:${declaration.range[0]}`;

/** A use the shared declaration could be rewritten for: one-to-one, with the method stated, towards one replacement. */
export function oneToOneUse(finding: ProjectFinding): boolean {
  const facts = finding.retirement;
  const entry = facts?.entry;
  if (facts === undefined || entry?.kind !== 'path' || entry.migration !== 'rewrite' || facts.method === undefined) return false;
  return entry.replacements.length === 1 && entry.replacements[0]!.method === entry.method && !entry.path.includes('{');
}

/**
 * The declaration a finding's retired path is written in: its only one, or, when the URL joins several
 * constants (`${API_BASE}${CAMPAIGNS_PATH}`), the one whose literal holds the whole path. Undefined
 * when none does (the path itself is assembled from pieces) or the finding is not about a path.
 */
function pathDeclarationOf(finding: ProjectFinding, literalOf: (declaration: ValueDeclaration) => string): ValueDeclaration | undefined {
  const entry = finding.retirement?.entry;
  if (entry === undefined) return undefined;
  // A use that rewrites its own text (`${API_V1}/campaigns/…` over an imported `'…/v1'`): no declaration holds what changes.
  if (finding.retirement!.migration === 'rewrite' && (finding.fix?.length ?? 0) > 0) return undefined;
  if (finding.declarations.length === 1) return finding.declarations[0];
  if (entry.kind !== 'path' || entry.path.includes('{')) return undefined;
  const holding = finding.declarations.filter((declaration) => literalOf(declaration).includes(entry.path));
  return holding.length === 1 ? holding[0] : undefined;
}

/**
 * The edit of a declared string towards `newPath`: the old path written whole in it, or only its tail,
 * the head standing before it in the URL (a client's base `…/v1` + `'/campaigns'`; ky's
 * `prefixUrl` `…/v1/` + `'campaigns'`). The head stays where it is, so the new path must start
 * with it. Undefined when the string holds neither.
 */
function declaredPathEdit(value: string, oldPath: string, newPath: string): { start: number; end: number; text: string } | { keptHead: string } | undefined {
  if (value.split(oldPath).length === 2) {
    const start = value.indexOf(oldPath);
    return { start, end: start + oldPath.length, text: newPath };
  }
  for (let cut = 1; cut < oldPath.length; cut++) {
    // The head ends at a segment: right before a slash, or right after one (a prefix joined without a slash).
    if (oldPath[cut] !== '/' && oldPath[cut - 1] !== '/') continue;
    const tail = oldPath.slice(cut);
    if (!value.startsWith(tail) || !/^(?:$|[?#])/.test(value.slice(tail.length))) continue;
    const head = oldPath.slice(0, cut);
    if (!newPath.startsWith(head)) return { keptHead: head };
    return { start: 0, end: tail.length, text: newPath.slice(cut) };
  }
  return undefined;
}

/** Files a fix may edit: scanned, not a declaration file, not a dependency. */
export const isEditable = (file: string, scanned: ReadonlySet<string>): boolean => scanned.has(file) && !file.endsWith('.d.ts') && !file.split(path.sep).includes('node_modules');

/** The name a declared literal is given: `const NAME = '…'`, `{ NAME: '…' }`, an enum member, `exports.NAME = '…'`. */
function declaredNameNode(owner: MorphNode | undefined): MorphNode | undefined {
  if (owner === undefined) return undefined;
  if (MorphNode.isVariableDeclaration(owner) || MorphNode.isPropertyAssignment(owner) || MorphNode.isEnumMember(owner)) return owner.getNameNode();
  const left = MorphNode.isBinaryExpression(owner) ? owner.getLeft() : undefined;
  return left !== undefined && MorphNode.isPropertyAccessExpression(left) && isCommonJsExportTarget(left.compilerNode) ? left.getNameNode() : undefined;
}

/** `const { NAME } = require('./m')` (or `{ NAME: local }`): the name the require's destructuring gives the value in its file. */
function requiredLocalName(parent: MorphNode): Identifier | undefined {
  if (!MorphNode.isBindingElement(parent)) return undefined;
  const declaration = parent.getParent()?.getParent();
  const init = declaration !== undefined && MorphNode.isVariableDeclaration(declaration) ? declaration.getInitializer() : undefined;
  const callee = init !== undefined && MorphNode.isCallExpression(init) ? init.getExpression() : undefined;
  const local = parent.getNameNode();
  return callee !== undefined && MorphNode.isIdentifier(callee) && callee.getText() === 'require' && MorphNode.isIdentifier(local) ? local : undefined;
}

/**
 * Every reference to the declared name outside its declaration and import/export lists lies inside one
 * of `ranges`. A `require` destructuring it (`const { NAME } = require('./m')`) is followed to the uses
 * of the local name, which TypeScript does not count as references of the export. A CommonJS export of
 * a variable (`module.exports = { NAME }`) is a use outside them: TypeScript does not link that
 * property to the files that read it, so those reads cannot be seen.
 */
function everyUseIsIn(project: Project, declaration: ValueDeclaration, ranges: readonly { file: string; range: readonly [number, number] }[]): boolean {
  const literal = project.getSourceFile(declaration.file)?.getDescendantAtStartWithWidth(declaration.range[0], declaration.range[1] - declaration.range[0]);
  const name = declaredNameNode(literal?.getParent());
  if (name === undefined || !MorphNode.isIdentifier(name)) return false;
  const seen = new Set<MorphNode>([name]);
  const everyReferenceIn = (from: Identifier): boolean =>
    from.findReferencesAsNodes().every((reference) => {
      if (seen.has(reference)) return true;
      seen.add(reference);
      const parent = reference.getParent();
      if (parent !== undefined && (MorphNode.isImportSpecifier(parent) || MorphNode.isExportSpecifier(parent))) return true;
      const local = parent === undefined ? undefined : requiredLocalName(parent);
      if (local !== undefined) return everyReferenceIn(local);
      const file = reference.getSourceFile().getFilePath();
      const start = reference.getStart();
      return ranges.some((range) => path.resolve(range.file) === path.resolve(file) && range.range[0] <= start && start < range.range[1]);
    });
  return everyReferenceIn(name);
}

/** The text inside a declaration's quotes or backticks, as ts-morph parsed it (offsets of the text without its byte-order mark). */
export function literalOf(analysis: Pick<ProjectAnalysis, 'sources'>, declaration: ValueDeclaration): string {
  return analysis.sources.get(declaration.file)?.replace(/^\uFEFF/, '').slice(declaration.range[0] + 1, declaration.range[1] - 1) ?? '';
}

/**
 * The declarations the analysis' findings read their retired path from, each with its uses and what
 * fix --project does with it: the edit where every use is the same one-to-one migration and the
 * declaration can be edited in place, else the reason a one-to-one use is left a TODO.
 */
export function declarationGroups(analysis: Pick<ProjectAnalysis, 'findings' | 'sources' | 'project' | 'scanned'>, cwd: string): DeclarationGroup[] {
  const byDeclaration = new Map<string, { declaration: ValueDeclaration; uses: ProjectFinding[] }>();
  for (const finding of analysis.findings) {
    const declaration = pathDeclarationOf(finding, (candidate) => literalOf(analysis, candidate));
    if (declaration === undefined) continue;
    const group = byDeclaration.get(declarationKey(declaration)) ?? { declaration, uses: [] };
    group.uses.push(finding);
    byDeclaration.set(declarationKey(declaration), group);
  }
  // A request of the declaring file whose own fix rewrites the declared text (`fetch(LIST)` beside
  // `export const LIST = '…'`) is one more use: the text changes for every use, or for none.
  if (byDeclaration.size > 0) {
    for (const finding of analysis.findings) {
      if (finding.declarations.length > 0 || finding.retirement?.migration !== 'rewrite' || finding.fix === undefined) continue;
      for (const group of byDeclaration.values()) {
        const { file, range } = group.declaration;
        if (file === finding.file && finding.fix.some((edit) => range[0] <= edit.range[0] && edit.range[1] <= range[1])) group.uses.push(finding);
      }
    }
  }
  return [...byDeclaration.values()].map(({ declaration, uses }): DeclarationGroup => {
    const first = uses[0]!.retirement!;
    const oldPath = first.entry.kind === 'path' ? first.entry.path : '\0';
    const sameMigration = uses.every((use) => oneToOneUse(use) && use.retirement!.entry.id === first.entry.id);
    const edit = sameMigration ? declaredPathEdit(literalOf(analysis, declaration), oldPath, first.entry.replacements[0]!.path) : undefined;
    const editable = isEditable(declaration.file, analysis.scanned);
    if (
      declaration.editable &&
      editable &&
      edit !== undefined &&
      !('keptHead' in edit) &&
      everyUseIsIn(analysis.project, declaration, uses.map((use) => ({ file: use.file, range: use.range })))
    ) {
      return { declaration, uses, edit };
    }
    const where = displayPath(cwd, declaration.file);
    const named = declaration.name === 'default' ? 'the default export' : declaration.name;
    const cause = !editable
      ? `${named} is declared in ${where}, which this run does not edit (outside the scanned paths, under node_modules or a .d.ts)`
      : sameMigration && !declaration.editable
        ? `${named} (${where}) is written with escape sequences, which sunset fix does not edit`
        : edit !== undefined && 'keptHead' in edit
        ? `the new path does not start with ${edit.keptHead}, the URL's base before ${named}, which other calls share`
        : `${named} (${where}) is shared by uses that do not all migrate the same way, or it also feeds something that is not a request`;
    return { declaration, uses, cause };
  });
}

/** Why a use of a declaration fix --project does not rewrite is a TODO: its own cause unless it is one-to-one, then the group's. */
export function todoCauseOf(group: DeclarationGroup, use: ProjectFinding): string | undefined {
  return oneToOneUse(use) ? group.cause : use.retirement!.todoCause;
}

/**
 * A use as `sunset check --project` reports it, saying what fix --project does: a rewrite where the
 * declaration is rewritten (`creditRewrite`), a TODO with the reason where the use is one-to-one and
 * the declaration stays (a wrapper's argument naming a constant was a rewrite until fix decided).
 */
export function asFixProjectDoes(group: DeclarationGroup, use: ProjectFinding): ProjectFinding {
  const retirement = use.retirement!;
  const places = (use.crossFileRelated ?? []).filter((place) => place.role === 'value');
  // The value places are the declarations', in order (`analyseSelection`).
  const at = use.declarations.findIndex((declaration) => declaration.file === group.declaration.file && declaration.range[0] === group.declaration.range[0]);
  const place = places[at];
  if (group.edit !== undefined) return creditRewrite(use, new Set(place === undefined ? [] : [placeKey(place.file, place.line, place.column)]));
  if (retirement.migration !== 'rewrite' || !oneToOneUse(use)) return use;
  // A one-to-one use: the group's reason (`todoCauseOf`).
  const todoCause = group.cause;
  return { ...use, messageId: 'retiredTodo', message: messageOf(use.rule, 'retiredTodo', use.data), fix: undefined, retirement: { ...retirement, migration: 'todo', ...(todoCause === undefined ? {} : { todoCause }) } };
}
