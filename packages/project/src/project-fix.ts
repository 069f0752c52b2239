import path from 'node:path';
import type { Finding, SiteReport } from '@sunset/analysis';
import { applyFixPlan, displayPath, fixFiles, planParsableFix, type FileChange, type FixReport } from '@sunset/engine';
import { describeEndpoint } from '@sunset/rule-data';
import { Node as MorphNode, type Project } from 'ts-morph';
import { analyseProject, loadTsconfig, notAnalysable, type ProjectFinding, type ProjectRun } from './project-check.js';
import type { ValueDeclaration } from './type-resolver.js';

export interface ProjectFixRun extends ProjectRun {
  /** Compute the changes, write nothing. */
  readonly dry: boolean;
  /** Skip the git guard (uncommitted changes). */
  readonly force?: boolean;
  /** Each file whose text changes (dry or not), before it is written: for `--print` diffs. */
  readonly onChange?: (change: FileChange) => void;
  /** Stops the run between phases and between writes (Ctrl-C): the report says `interrupted`. */
  readonly signal?: AbortSignal;
  /** Temporary files being written right now (see `writeFileAtomic`). */
  readonly tempFiles?: Set<string>;
}

export interface ProjectFixResult {
  /** Files whose text the plan changes, in path order (`report.changedFiles`: those really written). */
  readonly changes: readonly FileChange[];
  readonly sites: readonly SiteReport[];
  /** The report `sunset fix` prints: the first pass's counts and errors, the project's sites and changes. */
  readonly report: FixReport;
  /** Files ts-morph loaded. */
  readonly loaded: number;
}

const declarationKey = (declaration: ValueDeclaration): string => `${declaration.file}:${declaration.range[0]}`;

/** A use the shared declaration could be rewritten for: one-to-one, with the method stated, towards one replacement. */
function oneToOneUse(finding: ProjectFinding): boolean {
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
const isEditable = (file: string, scanned: ReadonlySet<string>): boolean => scanned.has(file) && !file.endsWith('.d.ts') && !file.split(path.sep).includes('node_modules');

/** Every reference to the declared name outside its declaration and import/export lists lies inside one of `ranges`. */
function everyUseIsIn(project: Project, declaration: ValueDeclaration, ranges: readonly { file: string; range: readonly [number, number] }[]): boolean {
  const literal = project.getSourceFile(declaration.file)?.getDescendantAtStartWithWidth(declaration.range[0], declaration.range[1] - declaration.range[0]);
  const owner = literal?.getParent();
  const name = owner !== undefined && (MorphNode.isVariableDeclaration(owner) || MorphNode.isPropertyAssignment(owner) || MorphNode.isEnumMember(owner)) ? owner.getNameNode() : undefined;
  if (name === undefined || !MorphNode.isIdentifier(name)) return false;
  return name.findReferencesAsNodes().every((reference) => {
    const parent = reference.getParent();
    if (parent !== undefined && (MorphNode.isImportSpecifier(parent) || MorphNode.isExportSpecifier(parent))) return true;
    const file = reference.getSourceFile().getFilePath();
    const start = reference.getStart();
    return ranges.some((range) => path.resolve(range.file) === path.resolve(file) && range.range[0] <= start && start < range.range[1]);
  });
}

/**
 * `sunset fix --project`: a one-to-one path is rewritten where it is declared (the shared constant)
 * only when every use of that constant is the same one-to-one migration; otherwise the declaration
 * stays and each use gets a TODO naming the constant. Same-file findings are fixed as `sunset fix`
 * fixes them. Files outside the scanned paths, under node_modules or `.d.ts` are never edited.
 */
export async function runProjectFix(run: ProjectFixRun): Promise<ProjectFixResult> {
  const tsconfig = loadTsconfig(run);
  // The first pass: what `sunset fix --dry` would change, file by file; the project's plan replaces it for the files ts-morph loads.
  run.onProgress?.('fixing every file as sunset fix does');
  const firstPass = new Map<string, FileChange>();
  const base = await fixFiles(run.paths, {
    cwd: run.cwd,
    options: run.options,
    baseDir: run.baseDir,
    readFolder: run.readFolder,
    dry: true,
    force: true,
    onChange: (change) => void firstPass.set(change.file, change),
    ...(run.signal === undefined ? {} : { signal: run.signal }),
  });
  if (base.summary.interrupted) return { changes: [], sites: [], report: { ...base, changedFiles: [], summary: { ...base.summary, changed: 0, written: 0, dry: run.dry } }, loaded: 0 };
  const analysis = await analyseProject(run, tsconfig, notAnalysable(base.errors, base.skippedFiles));
  const byDeclaration = new Map<string, { declaration: ValueDeclaration; uses: ProjectFinding[] }>();
  const literalOf = (declaration: ValueDeclaration): string =>
    // Declaration ranges are offsets in the text without its byte-order mark, as ts-morph parsed it.
    analysis.sources.get(declaration.file)?.replace(/^\uFEFF/, '').slice(declaration.range[0] + 1, declaration.range[1] - 1) ?? '';
  for (const finding of analysis.findings) {
    const declaration = pathDeclarationOf(finding, literalOf);
    if (declaration === undefined) continue;
    const group = byDeclaration.get(declarationKey(declaration)) ?? { declaration, uses: [] };
    group.uses.push(finding);
    byDeclaration.set(declarationKey(declaration), group);
  }

  const planned = new Map<string, Finding[]>();
  const plan = (file: string, finding: Finding): void => void planned.set(file, [...(planned.get(file) ?? []), finding]);
  const settled = new Set<ProjectFinding>();
  for (const { declaration, uses } of byDeclaration.values()) {
    const first = uses[0]!.retirement!;
    const oldPath = first.entry.kind === 'path' ? first.entry.path : '\0';
    const value = literalOf(declaration);
    const sameMigration = uses.every((use) => oneToOneUse(use) && use.retirement!.entry.id === first.entry.id);
    const edit = sameMigration ? declaredPathEdit(value, oldPath, first.entry.replacements[0]!.path) : undefined;
    const rewritable =
      declaration.editable &&
      isEditable(declaration.file, analysis.scanned) &&
      edit !== undefined &&
      !('keptHead' in edit) &&
      everyUseIsIn(analysis.project, declaration, uses.map((use) => ({ file: use.file, range: use.range })));
    for (const use of uses) settled.add(use);
    if (rewritable) {
      const at = declaration.range[0] + 1;
      const replacement = first.entry.replacements[0]!;
      plan(declaration.file, {
        ...uses[0]!,
        range: declaration.range,
        fix: [{ range: [at + edit.start, at + edit.end], text: edit.text }],
        retirement: { ...first, migration: 'rewrite', statementStart: declaration.range[0] },
        data: { ...uses[0]!.data, replacements: `use ${describeEndpoint(replacement)}` },
      });
      continue;
    }
    for (const use of uses) {
      const facts = use.retirement!;
      const where = displayPath(run.cwd, declaration.file);
      const named = declaration.name === 'default' ? 'the default export' : declaration.name;
      const todoCause = !oneToOneUse(use)
        ? facts.todoCause
        : !isEditable(declaration.file, analysis.scanned)
          ? `${named} is declared in ${where}, which this run does not edit (outside the scanned paths, under node_modules or a .d.ts)`
          : edit !== undefined && 'keptHead' in edit
            ? `the new path does not start with ${edit.keptHead}, the URL's base before ${named}, which other calls share`
            : `${named} (${where}) is shared by uses that do not all migrate the same way, or it also feeds something that is not a request`;
      const retirement = { ...facts, migration: 'todo' as const, todoText: `${facts.todoText}; the path is ${named} of ${where}`, ...(todoCause === undefined ? {} : { todoCause }) };
      plan(use.file, { ...use, fix: undefined, retirement });
    }
  }
  for (const finding of analysis.findings) if (!settled.has(finding)) plan(finding.file, finding);

  const changes: FileChange[] = [...firstPass.values()].filter((change) => !analysis.loaded.has(change.file));
  const loadedShown = new Set([...analysis.loaded].map((file) => displayPath(run.cwd, file)));
  const sites: SiteReport[] = base.sites.filter((site) => !loadedShown.has(site.file));
  for (const [file, findings] of planned) {
    if (!isEditable(file, analysis.scanned)) continue;
    const before = analysis.sources.get(file)!;
    // Offsets are those of the text without its byte-order mark (as the engine and ts-morph parse it).
    const bom = before.startsWith('\uFEFF') ? '\uFEFF' : '';
    const text = before.slice(bom.length);
    const shown = displayPath(run.cwd, file);
    const result = planParsableFix(text, findings, file, shown);
    sites.push(...result.sites);
    if (result.output === undefined || result.output === text) continue;
    changes.push({ file, displayPath: shown, before, after: bom + result.output, encoding: analysis.encodings.get(file) ?? 'utf8' });
  }
  changes.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  sites.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column);

  // The same last step as `sunset fix`: the git guard over the files about to change, then the writes.
  const report = await applyFixPlan(
    {
      changes,
      sites,
      errors: base.errors,
      skippedFiles: base.skippedFiles,
      files: base.summary.files,
      visited: base.summary.visited,
      candidates: base.summary.candidates,
      notScanned: base.summary.notScanned,
      interrupted: false,
    },
    { cwd: run.cwd, dry: run.dry, force: run.force === true, ...(run.onChange === undefined ? {} : { onChange: run.onChange }), ...(run.signal === undefined ? {} : { signal: run.signal }), ...(run.tempFiles === undefined ? {} : { tempFiles: run.tempFiles }) },
  );
  return { changes, sites: report.sites, report, loaded: analysis.loaded.size };
}
