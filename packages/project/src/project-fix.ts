import path from 'node:path';
import type { Finding, SiteReport } from '@sunset/analysis';
import { assertCleanWorkTrees, displayPath, fixFiles, planParsableFix, workTreeFoldersOf, writeFixedFile, type FileChange, type FileProblem, type FixReport } from '@sunset/engine';
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
  /** Files whose text changes (written unless `dry`), in path order. */
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
  if (!run.dry && run.force !== true) await assertCleanWorkTrees(await workTreeFoldersOf(run.paths, run.cwd));
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
  for (const finding of analysis.findings) {
    if (finding.retirement === undefined || finding.declarations.length !== 1) continue;
    const declaration = finding.declarations[0]!;
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
    // Declaration ranges are offsets in the text without its byte-order mark, as ts-morph parsed it.
    const value = analysis.sources.get(declaration.file)?.replace(/^\uFEFF/, '').slice(declaration.range[0] + 1, declaration.range[1] - 1) ?? '';
    const rewritable =
      declaration.editable &&
      isEditable(declaration.file, analysis.scanned) &&
      uses.every((use) => oneToOneUse(use) && use.retirement!.entry.id === first.entry.id) &&
      value.split(oldPath).length === 2 &&
      everyUseIsIn(analysis.project, declaration, uses.map((use) => ({ file: use.file, range: use.range })));
    for (const use of uses) settled.add(use);
    if (rewritable) {
      const at = declaration.range[0] + 1 + value.indexOf(oldPath);
      const replacement = first.entry.replacements[0]!;
      plan(declaration.file, {
        ...uses[0]!,
        range: declaration.range,
        fix: [{ range: [at, at + oldPath.length], text: replacement.path }],
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
        : isEditable(declaration.file, analysis.scanned)
          ? `${named} (${where}) is shared by uses that do not all migrate the same way, or it also feeds something that is not a request`
          : `${named} is declared in ${where}, which this run does not edit (outside the scanned paths, under node_modules or a .d.ts)`;
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

  const errors: FileProblem[] = [...base.errors];
  let written = 0;
  let interrupted = false;
  for (const change of changes) {
    run.onChange?.(change);
    if (run.dry) continue;
    if (run.signal?.aborted === true) {
      interrupted = true;
      continue;
    }
    const failed = await writeFixedFile(change.file, change.after, run.tempFiles, change.encoding);
    if (failed === undefined) written += 1;
    else errors.push(failed);
  }
  errors.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const count = (action: SiteReport['action']): number => sites.filter((site) => site.action === action).length;
  const report: FixReport = {
    sites,
    changedFiles: changes.map((change) => change.displayPath),
    errors,
    skippedFiles: base.skippedFiles,
    summary: {
      ...base.summary,
      changed: changes.length,
      written,
      notWritten: errors.length - base.errors.length,
      rewritten: count('rewritten'),
      todo: count('todo'),
      skipped: count('skipped'),
      errors: errors.length,
      dry: run.dry,
      interrupted,
    },
  };
  return { changes, sites, report, loaded: analysis.loaded.size };
}
