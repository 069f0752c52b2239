import { readlinkSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { refuseSharedReportFile, type CheckArgs } from '../args.js';

/** Links followed by hand at most, for a link whose target does not exist yet (a loop stops there). */
const mostLinks = 40;

/**
 * What a report file is on disk: the file itself when it exists (device and inode, so a symbolic or hard
 * link to it is the same file), else the place it will be written, through the real path of its folder
 * and the target of a link that points at no file yet.
 */
function fileIdentity(file: string, links = 0): string {
  try {
    const stats = statSync(file);
    return `inode ${stats.dev}:${stats.ino}`;
  } catch {
    // Not there yet, or a link to nothing yet: follow the link, else name the place.
  }
  if (links < mostLinks) {
    try {
      return fileIdentity(path.resolve(path.dirname(file), readlinkSync(file)), links + 1);
    } catch {
      // Not a link.
    }
  }
  try {
    return `path ${path.join(realpathSync(path.dirname(file)), path.basename(file))}`;
  } catch {
    return `path ${file}`;
  }
}

/**
 * Two reports that reach one file by other names (`--format junit=link.out` where link.out is a link to
 * x.out, or a folder reached through a link) would overwrite each other: exit 2 as for the same name
 * twice (`parseCheckArgs` refuses that one without the disk).
 */
export function refuseLinkedReportFiles(args: Pick<CheckArgs, 'output' | 'reportFiles'>, cwd: string): void {
  refuseSharedReportFile(args, (file) => fileIdentity(path.resolve(cwd, file)), ' through a link');
}
