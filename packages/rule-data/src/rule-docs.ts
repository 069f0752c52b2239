/** A package.json `repository` field in its object form. */
export interface PackageRepository {
  readonly type: 'git';
  /** `git+https://github.com/<owner>/<repo>.git` */
  readonly url: string;
  /** The package's folder inside the repository. */
  readonly directory?: string;
}

/**
 * NOT A PUBLIC ADDRESS YET — the one place the rule docs' address comes from.
 *
 * The project has no public repository (no git remote, no `repository` field in any package.json), so this
 * is the address the docs will have once `sunset-tools/sunset` is published, not a working link. When the
 * repository gets its real address, set it here and as `repository` in packages/eslint-plugin/package.json
 * (a test keeps the two equal); `meta.docs.url` of every rule and SARIF's `helpUri` follow.
 */
export const SUNSET_REPOSITORY: PackageRepository = {
  type: 'git',
  url: 'git+https://github.com/sunset-tools/sunset.git',
  directory: 'packages/eslint-plugin',
};

/** `https://github.com/<owner>/<repo>/blob/<branch>/<directory>/` from a package.json `repository` field. */
export function repositoryBrowseUrl(repository: PackageRepository, branch = 'main'): string {
  const match = /^(?:git\+)?(https:\/\/[^/]+\/[^/]+\/[^/]+?)(?:\.git)?\/?$/.exec(repository.url);
  if (match === null) throw new Error(`repository.url ${repository.url} is not git+https://<host>/<owner>/<repo>.git`);
  const directory = repository.directory === undefined ? '' : `${repository.directory.replace(/^\/+|\/+$/g, '')}/`;
  return `${match[1]}/blob/${branch}/${directory}`;
}

/** Where the rule docs are published (the eslint-plugin package's docs/rules folder). */
const ruleDocsBaseUrl = `${repositoryBrowseUrl(SUNSET_REPOSITORY)}docs/rules/`;

/** The docs page of a rule: ESLint's `meta.docs.url` and SARIF's `helpUri` both point here. */
export function ruleDocsUrl(ruleName: string): string {
  return `${ruleDocsBaseUrl}${ruleName}.md`;
}

/** The CLI's README, where `sunset check` and its formats are described: SARIF's `informationUri`. */
export function cliDocsUrl(): string {
  return `${repositoryBrowseUrl({ ...SUNSET_REPOSITORY, directory: 'packages/cli' })}README.md`;
}
