import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { captureIo, makeTree } from './helpers.js';

// A file over 2 MiB, named on the command line, is checked and fixed in pieces in a worker of its own
// (bench/README.md: a 20 MB file in 245 MB instead of 2.6 GB). The result is the whole file's: the
// findings at their lines and columns, and a fix that changes only the retired paths.

const filler = (index: number): string =>
  `export async function load${index}(id: string): Promise<unknown[]> {\n  const response = await fetch(\`/v1/buyer/campaigns/\${id}\`);\n  return [response, { index: ${index}, tags: ['a', 'b'] }];\n}\n`;

/** About 2.3 MB of TypeScript with a retired call near the start, in the middle and at the end. */
function largeSource(): { text: string; lines: number[] } {
  const parts = ["import { client } from './client';\n", "export const first = () => fetch('/v1/campaigns');\n"];
  for (let index = 0; index < 12_000; index++) {
    if (index === 6_000) parts.push("export const middle = () => client.get('/v1/campaigns/dictionaries/clients');\n");
    parts.push(filler(index));
  }
  parts.push("export const last = () => fetch('/v1/campaigns');\n");
  const text = parts.join('');
  const lines = text.split('\n');
  return { text, lines: ['first', 'middle', 'last'].map((name) => lines.findIndex((line) => line.startsWith(`export const ${name} =`)) + 1) };
}

describe('a file over 2 MiB named on the command line', () => {
  it('is checked in pieces, with the findings the whole file has', async () => {
    const { text, lines } = largeSource();
    expect(text.length).toBeGreaterThan(2 * 1024 * 1024);
    const root = makeTree({ 'generated/api.ts': text });
    const io = captureIo(root);
    expect(await main(['check', 'generated/api.ts', '--format', 'json'], io)).toBe(1);
    const report = JSON.parse(io.out()) as { findings: { line: number; column: number; retired: string }[]; errors: unknown[]; notScanned: unknown[] };
    expect(report.errors).toStrictEqual([]);
    expect(report.notScanned).toStrictEqual([]);
    expect(report.findings.map(({ line, column, retired }) => `${line}:${column} ${retired}`)).toStrictEqual([
      `${lines[0]}:34 GET /v1/campaigns`,
      `${lines[1]}:40 GET /v1/campaigns/dictionaries/clients`,
      `${lines[2]}:33 GET /v1/campaigns`,
    ]);
  });

  it('is fixed in pieces: only the retired paths change', async () => {
    const { text } = largeSource();
    const root = makeTree({ 'generated/api.ts': text });
    const io = captureIo(root);
    expect(await main(['fix', 'generated/api.ts', '--force'], io)).toBe(0);
    expect(io.out()).toBe('1 file scanned, 1 candidate, 1 changed.\n3 sites rewritten, 0 left with a TODO, 0 skipped.\n');
    const expected = text
      .replace("fetch('/v1/campaigns')", "fetch('/v1/buyer/campaigns')")
      .replace("client.get('/v1/campaigns/dictionaries/clients')", "client.get('/v1/buyer/advertisers')")
      .replace("last = () => fetch('/v1/campaigns')", "last = () => fetch('/v1/buyer/campaigns')");
    expect(readFileSync(path.join(root, 'generated/api.ts'), 'utf8') === expected).toBe(true);
  });
});
