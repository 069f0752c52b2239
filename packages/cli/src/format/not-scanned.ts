import { isNamedPathReason } from '@sunset/engine';
import type { CheckReport, NotScannedFile } from '../check/types.js';

/**
 * The files a run found and did not read, as the CI formats report them: every one but those the
 * config's `ignores` exclude (left out on purpose, often by the thousand; `--format json` lists them).
 * Too large, minified, a symbolic link not followed, a package.json that does not parse.
 */
export function unreadFiles(report: CheckReport): readonly NotScannedFile[] {
  return report.notScanned.filter((file) => file.reason !== 'excluded-by-config');
}

/** The title CI annotations give such a file (or a folder named on the command line). */
export function notScannedTitle(file: NotScannedFile): string {
  if (file.reason === 'invalid-package-json') return 'sunset: config file not read';
  return isNamedPathReason(file.reason) ? 'sunset: path not scanned' : 'sunset: file not scanned';
}
