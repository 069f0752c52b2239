import path from 'node:path';
import ignore from 'ignore';
import { createModuleAliases, type ModuleAliases } from '@sunset/analysis';
import { analysisOptionsOf } from '@sunset/config';
import {
  buildModuleGraph,
  checkSourceInModuleGraph,
  checkSourceWithModuleFacts,
  consumedDeclarations,
  creditRewrite,
  mayOfferRetiredValues,
  migratedByDeclarations,
  placeKey,
  sourceExtensions,
  type LocatedFinding,
  type MigrationFacts,
  type ModuleFacts,
  type RetirementFacts,
  type SunsetOptions,
} from '@sunset/engine';
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
  /** The entries the call may be, when the code does not show its method (of several): rows name it as the report's do. */
  readonly entries?: readonly string[];
  /** The URL goes on past the path with a value the code does not show. */
  readonly pathEndUnknown?: true;
  readonly lineText: string;
}

/** A site of a request that reads values of other files, and the same site counted as the rewrite of its declarations. */
interface Creditable {
  /** The value places it reads (`placeKey`). */
  readonly places: readonly string[];
  readonly retirement: RetirementFacts;
  readonly rewrite: BlobSite;
}

interface CrossFileSites {
  /** The sites of each file that reads a retired value of another, by path. */
  readonly sites: Map<string, BlobSite[]>;
  /** The places of the declarations they read (`consumedDeclarations`). */
  readonly consumed: ReadonlySet<string>;
  readonly creditable: ReadonlyMap<BlobSite, Creditable>;
  /** The places of the declarations a request without a finding reads (a POST no entry retires): `sunset fix` rewrites none of them. */
  readonly readUnreported: ReadonlySet<string>;
  /** The places of the declarations given to a function the analysis does not see into: no request reading them is credited with their rewrite. */
  readonly givenToHelpers: ReadonlySet<string>;
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
 * Scans commits without a checkout, as `sunset check` scans a work tree: each file on its own, then,
 * through the module graph, the files that read a retired constant of another (relative imports).
 * Findings are remembered per blob (and extension, which picks the parser), so a file unchanged
 * between sampled commits is read and checked once per run; only the files that read another file's
 * value are checked again for each commit.
 */
export class CommitScanner {
  readonly #scope: CommitScope;
  readonly #reader: BlobReader;
  readonly #byBlob = new Map<string, readonly BlobSite[]>();
  /** What the module graph needs of a blob (undefined: no needle and no relative import). */
  readonly #factsByBlob = new Map<string, ModuleFacts | undefined>();
  readonly #factsByKey = new Map<string, ModuleFacts | undefined>();
  /** The text of each blob the graph may parse: barrels, and needle modules that import. */
  readonly #moduleText = new Map<string, string>();
  readonly #analysisOptions: ReturnType<typeof analysisOptionsOf>;
  /**
   * The work tree's path aliases and workspace packages (tsconfig `paths`, the `node_modules` links of
   * an install), as `sunset check` follows them: `node_modules` is not in git, so a commit's import of
   * `@acme/api` leads where it leads in the work tree, to the files of that commit at those paths.
   */
  readonly #aliases: ModuleAliases = createModuleAliases();
  /** The bare specifiers that may be aliases in the commit being scanned (`ModuleAliases.prefixesOf`). */
  #aliasPrefixes: readonly string[] = [];

  constructor(scope: CommitScope, reader: BlobReader) {
    this.#scope = scope;
    this.#reader = reader;
    this.#analysisOptions = analysisOptionsOf(scope.options);
  }

  async scan(commit: string): Promise<CommitSite[]> {
    const tree = await listTree(this.#scope.root, commit);
    const files = await this.#filesToScan(tree);
    this.#aliasPrefixes = this.#aliases.prefixesOf(files.map((file) => path.join(this.#scope.root, file.path)));
    const ownSites: (readonly BlobSite[])[] = [];
    const batch = 256;
    for (let start = 0; start < files.length; start += batch) {
      ownSites.push(...(await Promise.all(files.slice(start, start + batch).map((file) => this.#sitesOf(file)))));
    }
    const { sites: acrossFiles, consumed, creditable, readUnreported, givenToHelpers } = await this.#crossFileSites(files);
    const sitesOf = (index: number): readonly BlobSite[] => acrossFiles.get(files[index]!.path) ?? ownSites[index]!;
    const placeOf = (file: TreeFile, site: BlobSite): string => placeKey(path.join(this.#scope.root, file.path), site.line, site.column);
    // A declaration whose value a request of another file reads is counted at that request only, as `sunset check` counts it,
    // and the request as a rewrite where the declaration's own site is the rewrite it needs (`withoutConsumedDeclarations`).
    const declared = new Map<string, MigrationFacts[]>();
    files.forEach((file, index) => {
      for (const site of consumed.size === 0 ? [] : sitesOf(index)) {
        const place = placeOf(file, site);
        if (consumed.has(place)) declared.set(place, [...(declared.get(place) ?? []), { entry: site.entry, fix: site.fix, replacements: site.replacements }]);
      }
    });
    // A declaration another file's request reads without a finding is no rewrite: not for its own site,
    // nor as a credit to a request that reads it too (as `sunset check` counts them: `withoutConsumedDeclarations`).
    const counted = (site: BlobSite, place: string): BlobSite => {
      if (readUnreported.has(place)) return site.fix === 'rewrite' ? { ...site, fix: 'todo' } : site;
      const credit = creditable.get(site);
      if (credit === undefined) return site;
      const places = credit.places.filter((declaration) => declared.has(declaration));
      if (places.some((declaration) => readUnreported.has(declaration) || givenToHelpers.has(declaration))) return site;
      return migratedByDeclarations(credit.retirement, places.flatMap((declaration) => declared.get(declaration)!)) ? credit.rewrite : site;
    };
    return files.flatMap((file, index) =>
      sitesOf(index)
        .filter((site) => !consumed.has(placeOf(file, site)))
        .map((site) => ({ ...counted(site, placeOf(file, site)), file: file.path })),
    );
  }

  async #sitesOf(file: TreeFile): Promise<readonly BlobSite[]> {
    // The facts hold the bare specifiers of the prefixes: a blob is read again if they changed.
    const key = `${file.blob}${path.extname(file.path).toLowerCase()}\u0000${this.#aliasPrefixes.join('\u0000')}`;
    const known = this.#byBlob.get(key);
    if (known !== undefined) {
      this.#factsByBlob.set(file.blob, this.#factsByKey.get(key));
      return known;
    }
    const text = await this.#reader.read(file.blob);
    const { findings, facts } = checkSourceWithModuleFacts(text, path.join(this.#scope.root, file.path), this.#scope.options, this.#aliasPrefixes.length === 0 ? undefined : this.#aliasPrefixes);
    this.#factsByBlob.set(file.blob, facts);
    this.#factsByKey.set(key, facts);
    // The graph reads again only barrels, modules whose values need their own imports, and modules that may make a client with a base.
    if (facts !== undefined && (facts.reexports.length > 0 || (facts.needle && facts.imports.length > 0) || facts.clientSource === true)) this.#moduleText.set(file.blob, text);
    const sites = this.#blobSites(findings, text);
    this.#byBlob.set(key, sites);
    return sites;
  }

  #blobSites(findings: readonly LocatedFinding[], text: string): BlobSite[] {
    const lines = splitLines(text);
    return this.#reported(findings).map((finding) => this.#blobSite(finding, lines));
  }

  #reported(findings: readonly LocatedFinding[]): LocatedFinding[] {
    return findings.filter((finding) => isReportedRetirement(finding, this.#scope.options));
  }

  /** A reported retirement finding as a site. */
  #blobSite(finding: LocatedFinding, lines: readonly string[]): BlobSite {
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
      ...(retirement.entries === undefined ? {} : { entries: retirement.entries.map((entry) => entry.id) }),
      ...(retirement.pathEndUnknown === undefined ? {} : { pathEndUnknown: true as const }),
      lineText: lines[finding.line - 1] ?? '',
    };
  }

  /**
   * The sites of each file of the commit that reads a retired value of another file, checked again
   * with the commit's module graph (by path; the other files keep their own sites), and the places of
   * the declarations those requests read (`consumedDeclarations`). Costs one pass over the files when
   * none exports a retired value.
   */
  async #crossFileSites(files: readonly TreeFile[]): Promise<CrossFileSites> {
    const found = new Map<string, BlobSite[]>();
    const consumed = new Set<string>();
    const creditable = new Map<BlobSite, Creditable>();
    const readUnreported = new Set<string>();
    const givenToHelpers = new Set<string>();
    // The common case: no file of the commit exports a retired value.
    if (!files.some((file) => this.#offersValues(file.blob))) return { sites: found, consumed, creditable, readUnreported, givenToHelpers };
    const byAbsolute = new Map(files.map((file) => [path.join(this.#scope.root, file.path), file]));
    const factsOf = (absolute: string): ModuleFacts | undefined => {
      const file = byAbsolute.get(absolute);
      return file === undefined ? undefined : this.#factsByBlob.get(file.blob);
    };
    const readText = (absolute: string): string | undefined => {
      const file = byAbsolute.get(absolute);
      return file === undefined ? undefined : this.#moduleText.get(file.blob);
    };
    const graph = buildModuleGraph([...byAbsolute.keys()], { factsOf, readText, aliases: this.#aliases }, this.#analysisOptions);
    for (const absolute of Object.keys(graph.links)) {
      const file = byAbsolute.get(absolute)!;
      const text = this.#moduleText.get(file.blob) ?? (await this.#reader.read(file.blob));
      const checked = checkSourceInModuleGraph(text, absolute, this.#scope.options, graph, (declaredIn) => path.relative(this.#scope.root, declaredIn).split(path.sep).join('/'));
      const { findings } = checked;
      for (const place of checked.readUnreported) readUnreported.add(placeKey(place.file, place.line, place.column));
      for (const place of checked.givenToHelpers) givenToHelpers.add(placeKey(place.file, place.line, place.column));
      const lines = splitLines(text);
      const sites = this.#reported(findings).map((finding) => {
        const site = this.#blobSite(finding, lines);
        const places = consumedDeclarations([finding]);
        if (places.size > 0) creditable.set(site, { places: [...places], retirement: finding.retirement!, rewrite: this.#blobSite(creditRewrite(finding, places), lines) });
        for (const place of places) consumed.add(place);
        return site;
      });
      found.set(file.path, sites);
    }
    return { sites: found, consumed, creditable, readUnreported, givenToHelpers };
  }

  #offersValues(blob: string): boolean {
    const facts = this.#factsByBlob.get(blob);
    return facts !== undefined && mayOfferRetiredValues(facts);
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
