import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What the repository's matcher does with the APIs an import writes (issue 21), found by running
 * `sunset check` on two probe calls. Tests whose exact expectations need it run only when it is
 * there; beside each, a test pins what the current matcher finds instead, so both pass before and
 * after the change lands (and the lead sees which ones switch).
 * - `hostsPerApi`: an entry counts only on its API's hosts (a call to another vendor's host is not found).
 * - `anchoredPaths`: a path counts only right after its API's host (or an unknown base) and one of
 *   its base paths, never after other static segments (`/v1/me/top` + `/things`).
 */
export function probeMatcher(bin: string): { readonly hostsPerApi: boolean; readonly anchoredPaths: boolean } {
  const dir = mkdtempSync(path.join(tmpdir(), 'sunset-matcher-probe-'));
  try {
    const entry = { id: 'probe-things', retired: 'GET /things', api: 'probe', gaEnds: '2020-01-01', supportEnds: '2020-06-01', migration: 'todo', reason: 'a probe', service: 'Probe' };
    writeFileSync(path.join(dir, 'sunset.config.json'), JSON.stringify({ apis: { probe: { hosts: ['api.probe.example'], basePaths: ['/v1'] } }, customEntries: [entry] }));
    writeFileSync(path.join(dir, 'other-host.ts'), "export const other = () => fetch('https://other-vendor.example/v1/things');\n");
    writeFileSync(path.join(dir, 'nested.ts'), "export const nested = () => fetch('https://api.probe.example/v1/me/top/things');\n");
    const run = spawnSync(process.execPath, [bin, 'check', '.', '--format', 'json'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const files = new Set((JSON.parse(run.stdout) as { findings: { file: string }[] }).findings.map((finding) => path.basename(finding.file)));
    return { hostsPerApi: !files.has('other-host.ts'), anchoredPaths: !files.has('nested.ts') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
