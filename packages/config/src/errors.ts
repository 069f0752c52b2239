/**
 * An invalid option. `origin` says where it was written, `path` which value inside it is wrong
 * (`asOf`, `customEntries[0].gaEnds`, `rules.sunset/no-sync-reporting[1].asOf`; empty for the whole
 * object), and `problem` what is allowed, as a phrase that follows the path ("must be true or
 * false, got "yes".").
 *
 * The message frames the problem for the place the user fixes it; the kind of origin decides:
 * - a command-line flag (`--as-of`): `Invalid value for --as-of: must be … Fix it and run again.`
 * - ESLint config (`settings.sunset`, or `rules.sunset/<rule>` for a rule's options, at `[1].asOf`):
 *   ``Invalid Sunset option `settings.sunset.asOf`: must be … Fix it in your ESLint config.``
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

function frameProblem(origin: string, path: string, problem: string): string {
  if (origin.startsWith('--')) return `Invalid value for ${origin}: ${problem} Fix it and run again.`;
  if (origin.startsWith('settings.') || origin.startsWith('rules.')) {
    return `Invalid Sunset option \`${joinPath(origin, path)}\`: ${problem} Fix it in your ESLint config.`;
  }
  // A problem that starts with the value ("2019-13-01" is not a day…) reads better after a colon.
  const subject = path === '' ? 'the config' : /^[a-z]/.test(problem) ? `"${path}"` : `"${path}":`;
  return `Invalid config in ${origin}: ${subject} ${problem} Fix it and run again.`;
}

const longestValue = 120;

/** A value as the user wrote it, for `got …` (JSON where possible, shortened when long). */
export function describeValue(value: unknown): string {
  // JSON writes Infinity and NaN as null: `1e400` in a config file parses to Infinity.
  if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : 'a number too large to represent (Infinity)';
  let text: string;
  try {
    text = typeof value === 'function' ? 'a function' : typeof value === 'bigint' ? `${value}n` : (JSON.stringify(value) ?? String(value));
  } catch {
    // A cyclic object: JSON cannot show it.
    text = String(value);
  }
  return text.length > longestValue ? `${text.slice(0, longestValue - 1)}…` : text;
}
