import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CallerLocation } from '../../src/caller/call-site.js';

/**
 * Where a test file calls something: the line holding `// site: <marker>`, at the column of `callee`
 * on that line (V8 reports a call at its callee's name: `fetch(`, or `get` in `axios.get(`).
 */
export function siteOf(fileUrl: string, marker: string, callee: string): CallerLocation {
  const file = fileUrl.startsWith('file:') ? fileURLToPath(fileUrl) : fileUrl;
  const lines = readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex((line) => line.includes(`// site: ${marker}`));
  if (index === -1) throw new Error(`${file} has no "// site: ${marker}" line`);
  const column = lines[index]!.indexOf(callee);
  if (column === -1) throw new Error(`${file}:${index + 1} does not call ${callee}`);
  return { file, line: index + 1, column: column + 1 };
}
