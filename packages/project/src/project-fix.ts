import type { Finding, SiteReport } from '@sunset/analysis';
import { applyFixPlan, displayPath, fixFiles, pathFromFile, planParsableFix, type FileChange, type FixReport } from '@sunset/engine';
import { describeEndpoint, withTodoClause } from '@sunset/rule-data';
import type { ClientOrigin } from './client-resolver.js';
import { declarationGroups, isEditable, todoCauseOf } from './declaration-rewrites.js';
import { analyseProject, loadTsconfig, notAnalysable, type CheckerFailure, type ProjectFinding, type ProjectRun } from './project-check.js';
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
  /** Where the TypeScript checker threw: those names were read as without `--project`. */
  readonly checkerFailures: readonly CheckerFailure[];
}

/**
 * How a TODO ends where the code it names lies in other files, as `sunset fix` ends it: `the base is
 * the client adformGot of ../api/got-client.cjs`, `the path is PATHS.labels of ./paths.ts`, or
 * both: `the URL is built from the client … and …`. Undefined when neither is elsewhere.
 */
function todoEnding(todoFile: string, client: ClientOrigin | undefined, path: Pick<ValueDeclaration, 'file' | 'name'> | undefined): string | undefined {
  // Named from the file the TODO is written in (`../api/paths.ts`), as its imports name it: the same from any working directory.
  const named = (name: string, file: string): string => `${name === 'default' ? 'the default export' : name} of ${pathFromFile(todoFile, file)}`;
  const base = client === undefined ? undefined : `the client ${named(client.name, client.file)}`;
  const value = path === undefined ? undefined : named(path.name, path.file);
  if (base !== undefined && value !== undefined) return `the URL is built from ${base} and ${value}`;
  return base !== undefined ? `the base is ${base}` : value !== undefined ? `the path is ${value}` : undefined;
}

/** A finding whose client another file makes, its TODO ending so (`sunset fix` does the same). */
function withClientTodo(finding: ProjectFinding): ProjectFinding {
  const ending = finding.retirement === undefined ? undefined : todoEnding(finding.file, finding.client, undefined);
  return ending === undefined ? finding : { ...finding, retirement: { ...finding.retirement!, todoText: withTodoClause(finding.retirement!.todoText, ending) } };
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
    // As `sunset check --project`'s first pass: a component keeps what `sunset fix` does to it, its imports resolved.
    crossFile: 'with-components',
    onChange: (change) => void firstPass.set(change.file, change),
    ...(run.signal === undefined ? {} : { signal: run.signal }),
  });
  if (base.summary.interrupted) return { changes: [], sites: [], report: { ...base, changedFiles: [], summary: { ...base.summary, changed: 0, written: 0, dry: run.dry } }, loaded: 0, checkerFailures: [] };
  const analysis = await analyseProject(run, tsconfig, notAnalysable(base.errors, base.skippedFiles));

  const planned = new Map<string, Finding[]>();
  const plan = (file: string, finding: Finding): void => void planned.set(file, [...(planned.get(file) ?? []), finding]);
  const settled = new Set<ProjectFinding>();
  for (const group of declarationGroups(analysis, run.cwd)) {
    const { declaration, uses, edit } = group;
    const first = uses[0]!.retirement!;
    for (const use of uses) settled.add(use);
    if (edit !== undefined) {
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
      const todoCause = todoCauseOf(group, use);
      // A request of the declaring file itself reads the constant by its name there: the TODO names no file.
      const todoText = use.file === declaration.file ? facts.todoText : withTodoClause(facts.todoText, todoEnding(use.file, use.client, declaration)!);
      const retirement = { ...facts, migration: 'todo' as const, todoText, ...(todoCause === undefined ? {} : { todoCause }) };
      plan(use.file, { ...use, fix: undefined, retirement });
    }
  }
  for (const finding of analysis.findings) if (!settled.has(finding)) plan(finding.file, withClientTodo(finding));

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
  return { changes, sites: report.sites, report, loaded: analysis.loaded.size, checkerFailures: analysis.checkerFailures };
}
