import { UsageError } from './errors.js';

/**
 * `--print` with `--format json` (`sunset fix` and the codemod): both write to stdout, the diff and the
 * JSON report back to back, which neither `git apply` nor a JSON parser can read. Nothing documents a
 * meaning for the pair, so it is refused (exit 2) before anything runs.
 */
export function refusePrintWithJson(print: boolean, format: string): void {
  if (print && format === 'json') {
    throw new UsageError(
      '--print does not go with --format json: both write to stdout (the diff and the JSON report), and neither git apply nor a JSON parser could read the two. Drop one of the two.',
    );
  }
}
