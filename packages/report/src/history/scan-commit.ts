import path from 'node:path';
import ignore from 'ignore';
import { checkSource, sourceExtensions, type SunsetOptions } from '@sunset/engine';
import type { Migration, Phase } from '@sunset/rule-data';
import { reportFamilyOf } from '../inventory/family.js';
import { isReportedRetirement } from '../inventory/reportable.js';
import type { ReportFamily } from '../inventory/types.js';
import { splitLines } from '../text.js';
import { listTree, type BlobReader, type TreeFile } from './git.js';

/** A retired call found in a blob: what the burndown counts and the base diff compares. */
export interface BlobSite {
  readonly entry: string;
  /** ESLint's rule id, `sunset/<rule>` (part of a site's fingerprint). */
  readonly rule: string;
  readonly retired: string;
  readonly family: ReportFamily;
  readonly phase: Phase;
  readonly fix: Migration;
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly replacements: readonly string[];
  readonly lineText: string;
}

export interface CommitSite extends BlobSite {
  /** Relative to the repository root. */
  readonly file: string;
}

/** What to scan in each commit: the same files `checkFiles` would walk in a work tree of it. */
export interface CommitScope {
  readonly root: string;
  /** The report's paths, relative to the root ('' = everything). */
  readonly paths: readonly string[];
  readonly options: SunsetOptions;
  /** The folder the config's `ignores` are relative to, relative to the root. */
  readonly ignoresBase: string;
}

/**
 * Scans commits without a checkout. Findings are remembered per blob (and extension, which picks the
 * parser), so a file unchanged between sampled commits is read and checked once per run.
 */
export class CommitScanner {
  readonly #scope: CommitScope;
  readonly #reader: BlobReader;
  readonly #byBlob = new Map<string, readonly BlobSite[]>();

  constructor(scope: CommitScope, reader: BlobReader) {
    this.#scope = scope;
    this.#reader = reader;
  }

  async scan(commit: string): Promise<CommitSite[]> {
    const tree = await listTree(this.#scope.root, commit);
    const files = await this.#filesToScan(tree);
    const sites: CommitSite[] = [];
    const batch = 256;
    for (let start = 0; start < files.length; start += batch) {
      const found = await Promise.all(files.slice(start, start + batch).map((file) => this.#sitesOf(file)));
      found.forEach((blobSites, index) => {
        const file = files[start + index]!.path;
        for (const site of blobSites) sites.push({ ...site, file });
      });
    }
    return sites;
  }

  async #sitesOf(file: TreeFile): Promise<readonly BlobSite[]> {
    const key = `${file.blob}${path.extname(file.path).toLowerCase()}`;
    const known = this.#byBlob.get(key);
    if (known !== undefined) return known;
    const text = await this.#reader.read(file.blob);
    const { findings } = checkSource(text, path.join(this.#scope.root, file.path), this.#scope.options);
    const lines = splitLines(text);
    const sites = findings
      .filter((finding) => isReportedRetirement(finding, this.#scope.options))
      .map((finding): BlobSite => {
        const retirement = finding.retirement!;
        return {
          entry: retirement.entry.id,
          rule: `sunset/${finding.rule}`,
          retired: retirement.retiredKey,
          family: reportFamilyOf(retirement.entry),
          phase: retirement.phase,
          fix: retirement.migration,
          line: finding.line,
          column: finding.column,
          message: finding.message,
          replacements: retirement.replacements.map((endpoint) => `${endpoint.method} ${endpoint.path}`),
          lineText: lines[finding.line - 1] ?? '',
        };
      });
    this.#byBlob.set(key, sites);
    return sites;
  }

  /** Source files under the paths, outside node_modules, not gitignored (by the commit's own .gitignore files) nor ignored by the config. */
  async #filesToScan(tree: readonly TreeFile[]): Promise<TreeFile[]> {
    const { paths, ignoresBase, options } = this.#scope;
    const gitignores = await Promise.all(
      tree
        .filter((file) => file.path === '.gitignore' || file.path.endsWith('/.gitignore'))
        .map(async (file) => ({ dir: file.path === '.gitignore' ? '' : file.path.slice(0, -'/.gitignore'.length), matcher: ignore().add(await this.#reader.read(file.blob)) })),
    );
    gitignores.sort((a, b) => depth(a.dir) - depth(b.dir));
    const configIgnores = ignore().add([...options.ignores]);
    const extensions: readonly string[] = sourceExtensions;
    return tree.filter((file) => {
      if (!extensions.includes(path.posix.extname(file.path).toLowerCase())) return false;
      if (!paths.some((scope) => scope === '' || file.path === scope || file.path.startsWith(`${scope}/`))) return false;
      if (file.path.split('/').some((segment) => segment === 'node_modules' || segment === '.git')) return false;
      const fromBase = relativeTo(ignoresBase, file.path);
      if (fromBase !== undefined && configIgnores.ignores(fromBase)) return false;
      let ignored = false;
      for (const { dir, matcher } of gitignores) {
        const relative = relativeTo(dir, file.path);
        if (relative === undefined) continue;
        const verdict = matcher.test(relative);
        if (verdict.ignored) ignored = true;
        else if (verdict.unignored) ignored = false;
      }
      return !ignored;
    });
  }
}

function relativeTo(dir: string, file: string): string | undefined {
  if (dir === '') return file;
  return file.startsWith(`${dir}/`) ? file.slice(dir.length + 1) : undefined;
}

function depth(dir: string): number {
  return dir === '' ? 0 : dir.split('/').length;
}
