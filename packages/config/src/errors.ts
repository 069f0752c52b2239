/**
 * An invalid option. `origin` says where it was written, `path` which value inside it is wrong
 * (`asOf`, `customEntries[0].gaEnds`, `rules.sunset/no-sync-reporting[1].asOf`; empty for the whole
 * object), and `problem` what is allowed, as a phrase that follows the path ("must be true or
 * false, got "yes".").
 *
 * The message frames the problem for the place the user fixes it; the kind of origin decides:
 * - a command-line flag (`--as-of`): `Invalid value for --as-of: must be … Fix it and run again.`
 * - the linter's config (`settings.sunset`, or `rules.sunset/<rule>` for a rule's options, at `[1].asOf`),
 *   which may be ESLint's or oxlint's: ``Invalid Sunset option `settings.sunset.asOf`: must be … Fix it
 *   where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).``
 * - anything else is a file (`sunset.config.json`, `package.json ("sunset" key)`):
 *   `Invalid config in sunset.config.json: "asOf" must be … Fix it and run again.`
 */
export class ConfigError extends Error {
  readonly origin: string;
  readonly path: string;
  readonly problem: string;

  constructor(origin: string, path: string, problem: string) {
    super(frameProblem(origin, path, problem));
    this.name = 'ConfigError';
    this.origin = origin;
    this.path = path;
    this.problem = problem;
  }
}

/** `settings.sunset` + `asOf`, `rules.sunset/no-sync-reporting` + `[1].asOf`: the whole path of a value. */
export function joinPath(origin: string, path: string): string {
  if (path === '') return origin;
  return path.startsWith('[') ? `${origin}${path}` : `${origin}.${path}`;
}

// The plugin cannot tell which linter runs it, so the sentence names each place a value can come from:
// settings only from a config file; a rule's options also from an inline comment (ESLint's).
const whereSettingsAreSet = (origin: string): string => `where ${origin} is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint)`;
const whereRuleOptionsAreSet = "where the rule's options are set (eslint.config.* or an inline /* eslint */ comment for ESLint, .oxlintrc.json for oxlint)";

function frameProblem(origin: string, path: string, problem: string): string {
  if (origin.startsWith('--')) return `Invalid value for ${origin}: ${problem} Fix it and run again.`;
  if (origin.startsWith('settings.')) return `Invalid Sunset option \`${joinPath(origin, path)}\`: ${problem} Fix it ${whereSettingsAreSet(origin)}.`;
  if (origin.startsWith('rules.')) return `Invalid Sunset option \`${joinPath(origin, path)}\`: ${problem} Fix it ${whereRuleOptionsAreSet}.`;
  // A problem that starts with the value ("2019-13-01" is not a day…) reads better after a colon.
  const subject = path === '' ? 'the config' : /^[a-z]/.test(problem) ? `"${path}"` : `"${path}":`;
  return `Invalid config in ${origin}: ${subject} ${problem} Fix it and run again.`;
}
