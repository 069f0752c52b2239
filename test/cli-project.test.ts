import { readFileSync } from 'node:fs';
import { chmod, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, git, makeTempDir, parseJson, repoRootPath, runNode, runSunset, sunsetBin, type RunResult } from './support/cli.js';
import type { Finding as JsonFinding } from '@sunset/cli';

// Issue 12 end to end: `sunset check --project` and `sunset fix --project`, the BUILT binary run as a
// child process on fixtures/project-app, against the same expected lists as test/project-app.test.ts.

const fixture = repoRootPath('fixtures/project-app');
const expected = JSON.parse(readFileSync(path.join(fixture, 'expected-findings.json'), 'utf8')) as Record<'syntax' | 'default' | 'project', string[]>;
const asOf = ['--as-of', '2026-11-21'] as const;

/**
 * A finding of `--format json` written as expected-findings.json writes it: `file:line:column rule key`,
 * then `via wrapper (file:line)` for the requests its wrappers make and `<- file:line:column (NAME)` for
 * the declarations, both read from the related locations in other files.
 */
function asExpectedLine(finding: JsonFinding): string {
  const related = (finding.related ?? []).filter((place) => place.file !== undefined && place.file !== finding.file);
  const through = related.flatMap((place) => {
    const wrapper = /^(\w+)\(\) makes the request here\.$/.exec(place.message)?.[1];
    return wrapper === undefined ? [] : [`${wrapper} (${place.file}:${place.line})`];
  });
  const declared = related.flatMap((place) => {
    const name = /^The value is declared here as ([^;]+?)(?:; sunset fix rewrites it here)?\.$/.exec(place.message)?.[1];
    return name === undefined ? [] : [`${place.file}:${place.line}:${place.column} (${name})`];
  });
  return (
    `${finding.file}:${finding.line}:${finding.column} ${finding.rule.replace(/^sunset\//, '')} ${finding.retired}` +
    (through.length === 0 ? '' : ` via ${through.join(', ')}`) +
    (declared.length === 0 ? '' : ` <- ${declared.join(', ')}`)
  );
}

/** A copy of the fixture's sources and tsconfig in a temporary folder, optionally a git repository. */
async function projectAppCopy(options: { git: boolean }): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const temp = await makeTempDir('project-app');
  await cp(path.join(fixture, 'src'), path.join(temp.dir, 'src'), { recursive: true });
  await cp(path.join(fixture, 'tsconfig.json'), path.join(temp.dir, 'tsconfig.json'));
  if (options.git) {
    git(temp.dir, ['init', '--quiet', '--initial-branch=main']);
    git(temp.dir, ['add', '--all']);
    git(temp.dir, ['commit', '--quiet', '--message', 'initial']);
  }
  return temp;
}

/** Every file under `dir/src`, relative path → text. */
async function readSources(dir: string): Promise<Record<string, string>> {
  const files = (await fg('src/**/*', { cwd: dir })).sort();
  return Object.fromEntries(await Promise.all(files.map(async (file) => [file, await readFile(path.join(dir, file), 'utf8')] as const)));
}

/** The fixture's sources with expected-fix/ laid over them: what `sunset fix --project` must leave. */
async function expectedFixedSources(): Promise<Record<string, string>> {
  const fixed = await readSources(path.join(fixture, 'expected-fix'));
  return { ...(await readSources(fixture)), ...fixed };
}

beforeAll(ensureBuilt);

describe('sunset check --project on fixtures/project-app', () => {
  let jsonRun: Promise<RunResult> | undefined;
  const json = (): Promise<RunResult> => (jsonRun ??= runSunset(['check', '--project', '--format', 'json', ...asOf, 'src'], { cwd: fixture }));

  it('--format json lists exactly the expected --project findings, with the wrapper and the declaration in other files, and exits 1', async () => {
    const result = await json();
    expect([result.code, result.stderr]).toEqual([1, '']);
    const report = parseJson<{ findings: JsonFinding[]; errors: unknown[]; summary: { files: number; findings: number } }>(result);
    expect(report.findings.map(asExpectedLine)).toEqual(expected.project);
    expect([report.errors, report.summary.files, report.summary.findings]).toEqual([[], 11, expected.project.length]);
  });

  it('names the tsconfig with --project=path and with --project path.json, as without a value', async () => {
    const [byEquals, bySpace] = await Promise.all([
      runSunset(['check', '--project=tsconfig.json', '--format', 'json', ...asOf, 'src'], { cwd: fixture }),
      runSunset(['check', '--format', 'json', '--project', 'tsconfig.json', ...asOf, 'src'], { cwd: fixture }),
    ]);
    const lines = (result: RunResult): string[] => parseJson<{ findings: JsonFinding[] }>(result).findings.map(asExpectedLine);
    expect([lines(byEquals), lines(bySpace)]).toEqual([expected.project, expected.project]);
  });

  it('SARIF has the declaration and the wrapper request as relatedLocations in their own files', async () => {
    const result = await runSunset(['check', '--project', '--format', 'sarif', ...asOf, 'src'], { cwd: fixture });
    expect(result.code).toBe(1);
    interface SarifLocation {
      physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } };
      message?: { text: string };
    }
    const log = parseJson<{ runs: { results: { locations: SarifLocation[]; relatedLocations?: SarifLocation[] }[] }[] }>(result);
    const at = (place: SarifLocation): string => `${place.physicalLocation.artifactLocation.uri}:${place.physicalLocation.region.startLine}:${place.physicalLocation.region.startColumn}`;
    // SARIF names files from the repository's root, where code scanning looks for them.
    const clients = log.runs[0]!.results.find((sarif) => at(sarif.locations[0]!) === 'fixtures/project-app/src/services/dictionaries.ts:7:22');
    expect(clients?.relatedLocations?.map((place) => `${at(place)} ${place.message?.text}`)).toEqual([
      'fixtures/project-app/src/http/request.ts:5:32 getResource() makes the request here.',
      'fixtures/project-app/src/api/paths.ts:7:12 The value is declared here as API.clients; sunset fix rewrites it here.',
    ]);
    expect(log.runs[0]!.results).toHaveLength(expected.project.length);
  });

  it('gives the same findings in the github, gitlab, junit and stylish formats, and --fail-on retired still fails on them', async () => {
    const run = (format: string): Promise<RunResult> => runSunset(['check', '--project', '--format', format, '--fail-on', 'retired', ...asOf, 'src'], { cwd: fixture });
    const [github, gitlab, junit, stylish] = await Promise.all(['github', 'gitlab', 'junit', 'stylish'].map(run));
    expect([github, gitlab, junit, stylish].map((result) => result!.code)).toEqual([1, 1, 1, 1]);
    expect(github!.stdout.split('\n').filter((line) => line.startsWith('::error ')).length).toBe(expected.project.length);
    expect(parseJson<unknown[]>(gitlab!)).toHaveLength(expected.project.length);
    expect(junit!.stdout).toContain(`<testsuites name="sunset check" tests="11" failures="5" errors="0">`);
    expect(stylish!.stdout.split('\n').at(-2)).toBe(`✖ ${expected.project.length} findings in 5 files, ${expected.project.length} at or past retired (11 files scanned, as of 2026-11-21)`);
  });

  it('records the --project findings in a baseline, then passes on them', async () => {
    const { dir, cleanup } = await projectAppCopy({ git: false });
    try {
      const record = await runSunset(['check', '--project', '--update-baseline', ...asOf, 'src'], { cwd: dir });
      expect([record.code, record.stderr]).toEqual([0, `Recorded ${expected.project.length} findings in .sunset-baseline.json.\n`]);
      const gated = await runSunset(['check', '--project', '--format', 'json', ...asOf, 'src'], { cwd: dir });
      const summary = parseJson<{ summary: { findings: number; baselined: number } }>(gated).summary;
      expect([gated.code, summary.findings, summary.baselined]).toEqual([0, 0, expected.project.length]);
    } finally {
      await cleanup();
    }
  });

  it('--changed-since reports only the --project findings on changed lines', async () => {
    const { dir, cleanup } = await projectAppCopy({ git: true });
    try {
      const widgets = path.join(dir, 'src/legacy/widgets.js');
      await writeFile(widgets, `${await readFile(widgets, 'utf8')}// touched\n`);
      const dictionaries = path.join(dir, 'src/services/dictionaries.ts');
      const lines = (await readFile(dictionaries, 'utf8')).split('\n');
      lines[6] = `${lines[6]} // touched`;
      await writeFile(dictionaries, lines.join('\n'));
      git(dir, ['commit', '--quiet', '--all', '--message', 'touch']);
      const result = await runSunset(['check', '--project', '--changed-since', 'HEAD~1', '--format', 'json', ...asOf, 'src'], { cwd: dir });
      expect(result.code).toBe(1);
      expect(parseJson<{ findings: JsonFinding[] }>(result).findings.map(asExpectedLine)).toEqual(expected.project.filter((line) => line.startsWith('src/services/dictionaries.ts:7:')));
    } finally {
      await cleanup();
    }
  });

  it('exits 2 with a sentence saying what to do when the tsconfig is missing or broken', async () => {
    const { dir, cleanup } = await projectAppCopy({ git: false });
    try {
      await writeFile(path.join(dir, 'broken.json'), '{ "compilerOptions": { "target": ');
      await writeFile(path.join(dir, 'wrong.json'), '{ "compilerOptions": { "moduleResolution": "nonsense" } }\n');
      const [missing, broken, wrong] = await Promise.all([
        runSunset(['check', '--project', 'missing.json', 'src'], { cwd: dir }),
        runSunset(['check', '--project=broken.json', 'src'], { cwd: dir }),
        runSunset(['fix', '--project', 'wrong.json', 'src'], { cwd: dir }),
      ]);
      expect([missing, broken, wrong].map(({ code, stdout, stderr }) => ({ code, stdout, stderr }))).toEqual([
        { code: 2, stdout: '', stderr: 'sunset: --project missing.json: there is no such file. Name an existing tsconfig.json.\n' },
        { code: 2, stdout: '', stderr: 'sunset: --project cannot read broken.json: Expression expected. Fix the file, or name another tsconfig.json.\n' },
        {
          code: 2,
          stdout: '',
          stderr:
            "sunset: --project: wrong.json is not a valid tsconfig: Argument for '--moduleResolution' option must be: 'node10', 'classic', 'node16', 'nodenext', 'bundler' (the value \"nonsense\" is one TypeScript 5.9.2, which sunset reads the tsconfig with, does not know, and 'moduleResolution' decides how imports resolve). Fix the file, or name another tsconfig.json.\n",
        },
      ]);
    } finally {
      await cleanup();
    }
  });

  it('warns about a compiler option the bundled TypeScript does not know (a TypeScript 6 tsconfig) and runs with the options it read', async () => {
    const { dir, cleanup } = await makeTempDir('unknown-option');
    try {
      // baseUrl is read although the config also holds options TypeScript 5.9 does not know, here and in the base it extends.
      await writeFile(path.join(dir, 'tsconfig.base.json'), '{ "compilerOptions": { "baseUrl": "src", "erasableSyntaxOnlyStrict": true } }\n');
      await writeFile(path.join(dir, 'tsconfig.json'), '{ "extends": "./tsconfig.base.json", "compilerOptions": { "stableTypeOrdering": true, "strict": true } }\n');
      await writeFile(path.join(dir, 'wrong.json'), '{ "extends": "./tsconfig.base.json", "compilerOptions": { "stableTypeOrdering": true, "moduleResolution": "nonsense" } }\n');
      await mkdir(path.join(dir, 'src/config'), { recursive: true });
      await writeFile(path.join(dir, 'src/config/paths.js'), "export const LEGACY = '/v1/campaigns';\n");
      await writeFile(path.join(dir, 'src/use.js'), "import { LEGACY } from 'config/paths';\nexport const list = () => fetch(LEGACY);\n");
      const warnings =
        "--project: tsconfig.json: unknown compiler option 'stableTypeOrdering'; sunset reads the tsconfig with TypeScript 5.9.2, which does not know it: it is left out, and the run goes on with the other options.\n" +
        "--project: tsconfig.base.json: unknown compiler option 'erasableSyntaxOnlyStrict' (did you mean 'erasableSyntaxOnly'?); sunset reads the tsconfig with TypeScript 5.9.2, which does not know it: it is left out, and the run goes on with the other options.\n";
      const checked = await runSunset(['check', '--project', 'tsconfig.json', '--format', 'json', '--as-of', '2026-11-21'], { cwd: dir });
      const report = JSON.parse(checked.stdout) as { findings: { file: string; line: number; column: number }[] };
      expect([checked.code, checked.stderr, report.findings.map((finding) => `${finding.file}:${finding.line}:${finding.column}`)]).toEqual([1, warnings, ['src/use.js:2:33']]);
      const fixed = await runSunset(['fix', '--project', 'tsconfig.json', '--dry', '--format', 'json', '--as-of', '2026-11-21'], { cwd: dir });
      expect([fixed.code, fixed.stderr]).toEqual([0, warnings]);
      // A real error next to an unknown option still stops the run.
      const wrong = await runSunset(['check', '--project', 'wrong.json'], { cwd: dir });
      expect({ code: wrong.code, stdout: wrong.stdout, stderr: wrong.stderr }).toEqual({
        code: 2,
        stdout: '',
        stderr:
          "sunset: --project: wrong.json is not a valid tsconfig: Argument for '--moduleResolution' option must be: 'node10', 'classic', 'node16', 'nodenext', 'bundler' (the value \"nonsense\" is one TypeScript 5.9.2, which sunset reads the tsconfig with, does not know, and 'moduleResolution' decides how imports resolve). Fix the file, or name another tsconfig.json.\n",
      });
    } finally {
      await cleanup();
    }
  });

  it('warns about a value only a newer TypeScript knows (TypeScript 6\'s "target": "es2025") and runs without it, unless the option decides how imports resolve', async () => {
    const { dir, cleanup } = await makeTempDir('unknown-value');
    try {
      await writeFile(path.join(dir, 'tsconfig.base.json'), '{ "compilerOptions": { "baseUrl": "src", "module": "node22" } }\n');
      await writeFile(path.join(dir, 'tsconfig.json'), '{\n  "compilerOptions": {\n    "baseUrl": "src",\n    "target": "es2025",\n    "lib": ["es2025", "dom"]\n  }\n}\n');
      await writeFile(path.join(dir, 'resolution.json'), '{ "extends": "./tsconfig.base.json", "compilerOptions": { "target": "es2025" } }\n');
      await mkdir(path.join(dir, 'src/config'), { recursive: true });
      await writeFile(path.join(dir, 'src/config/paths.js'), "export const LEGACY = '/v1/campaigns';\n");
      await writeFile(path.join(dir, 'src/use.js'), "import { LEGACY } from 'config/paths';\nexport const list = () => fetch(LEGACY);\n");
      const checked = await runSunset(['check', '--project', 'tsconfig.json', '--format', 'json', '--as-of', '2026-11-21'], { cwd: dir });
      const report = JSON.parse(checked.stdout) as { findings: { file: string; line: number; column: number }[] };
      expect([checked.code, checked.stderr, report.findings.map((finding) => `${finding.file}:${finding.line}:${finding.column}`)]).toEqual([
        1,
        "--project: tsconfig.json: unknown value \"es2025\" of compiler option 'target'; sunset reads the tsconfig with TypeScript 5.9.2, which does not know it: it is left out, and the run goes on with the other options.\n" +
          "--project: tsconfig.json: unknown value \"es2025\" of compiler option 'lib'; sunset reads the tsconfig with TypeScript 5.9.2, which does not know it: it is left out, and the run goes on with the other options.\n",
        ['src/use.js:2:33'],
      ]);
      // `module` decides how imports resolve: a value the bundled TypeScript does not know, here in the base, stops the run.
      const resolution = await runSunset(['check', '--project', 'resolution.json'], { cwd: dir });
      expect({ code: resolution.code, stdout: resolution.stdout, stderr: resolution.stderr }).toEqual({
        code: 2,
        stdout: '',
        stderr:
          "sunset: --project: resolution.json is not a valid tsconfig: Argument for '--module' option must be: 'none', 'commonjs', 'amd', 'system', 'umd', 'es6', 'es2015', 'es2020', 'es2022', 'esnext', 'node16', 'node18', 'node20', 'nodenext', 'preserve' (the value \"node22\" in tsconfig.base.json is one TypeScript 5.9.2, which sunset reads the tsconfig with, does not know, and 'module' decides how imports resolve). Fix the file, or name another tsconfig.json.\n",
      });
    } finally {
      await cleanup();
    }
  });

  it('exits 2 when no tsconfig.json or jsconfig.json is found above the working directory, naming a tsconfig.base.json it saw (Nx)', async () => {
    const { dir, cleanup } = await makeTempDir('no-tsconfig');
    try {
      await writeFile(path.join(dir, 'a.ts'), "fetch('/v1/campaigns');\n");
      const result = await runSunset(['check', '--project'], { cwd: dir });
      expect({ code: result.code, stderr: result.stderr }).toEqual({
        code: 2,
        stderr: `sunset: --project found no tsconfig.json or jsconfig.json in ${dir} or above. Name one (--project path/to/tsconfig.json), or run without --project.\n`,
      });
      await writeFile(path.join(dir, 'tsconfig.base.json'), '{ "compilerOptions": { "paths": { "@acme/api": ["libs/api/src/index.ts"] } } }\n');
      const nx = await runSunset(['check', '--project'], { cwd: dir });
      expect({ code: nx.code, stderr: nx.stderr }).toEqual({
        code: 2,
        stderr: `sunset: --project found no tsconfig.json or jsconfig.json in ${dir} or above (there is tsconfig.base.json: --project tsconfig.base.json reads it). Name one (--project path/to/tsconfig.json), or run without --project.\n`,
      });
    } finally {
      await cleanup();
    }
  });

  it("reads the nearest jsconfig.json when there is no tsconfig.json (a JavaScript project's aliases)", async () => {
    const { dir, cleanup } = await makeTempDir('jsconfig');
    try {
      await writeFile(path.join(dir, 'jsconfig.json'), '{ "compilerOptions": { "baseUrl": "src" } }\n');
      await mkdir(path.join(dir, 'src/config'), { recursive: true });
      await writeFile(path.join(dir, 'src/config/paths.js'), "export const LEGACY = '/v1/campaigns';\n");
      await writeFile(path.join(dir, 'src/use.js'), "import { LEGACY } from 'config/paths';\nexport const list = () => fetch(LEGACY);\n");
      const result = await runSunset(['check', '--project', '--format', 'json', '--as-of', '2026-11-21'], { cwd: dir });
      const report = JSON.parse(result.stdout) as { findings: { file: string; line: number; column: number }[] };
      expect([result.code, report.findings.map((finding) => `${finding.file}:${finding.line}:${finding.column}`)]).toEqual([1, ['src/use.js:2:33']]);
    } finally {
      await cleanup();
    }
  });
});

describe('sunset fix --project on a copy of fixtures/project-app', () => {
  it('changes the files to exactly expected-fix/, and a second run changes nothing', async () => {
    const { dir, cleanup } = await projectAppCopy({ git: true });
    try {
      const first = await runSunset(['fix', '--project', ...asOf, 'src'], { cwd: dir });
      expect([first.code, first.stdout.split('\n').slice(0, 2)]).toEqual([0, ['11 files scanned, 4 candidates, 4 changed.', '3 sites rewritten, 7 left with a TODO, 0 skipped.']]);
      const changed = git(dir, ['status', '--porcelain']).split('\n').filter(Boolean).map((line) => line.slice(3)).sort();
      expect(changed).toEqual((await fg('**/*', { cwd: path.join(fixture, 'expected-fix') })).sort());
      expect(await readSources(dir)).toEqual(await expectedFixedSources());
      git(dir, ['commit', '--quiet', '--all', '--message', 'sunset fix --project']);
      const again = await runSunset(['fix', '--project', ...asOf, 'src'], { cwd: dir });
      expect([again.code, again.stdout.split('\n')[0]]).toEqual([0, '11 files scanned, 6 candidates, 0 changed.']);
      expect(git(dir, ['status', '--porcelain'])).toBe('');
    } finally {
      await cleanup();
    }
  });

  it("check --project's fix field is what fix --project does: its rewrites are gone after the fix, its TODOs are what is left", async () => {
    const { dir, cleanup } = await projectAppCopy({ git: true });
    try {
      interface Found {
        file: string;
        rule: string;
        retired?: string;
        fix?: string;
      }
      const findingsOf = async (): Promise<Found[]> => parseJson<{ findings: Found[] }>(await runSunset(['check', '--project', '--format', 'json', ...asOf, 'src'], { cwd: dir })).findings;
      const key = (finding: Found): string => `${finding.file} ${finding.rule} ${finding.retired ?? ''}`;
      const before = await findingsOf();
      expect(before.filter((finding) => finding.fix === 'rewrite').map(key)).toEqual([
        // Its own: a reassigned `let` is not followed to its readers.
        'src/api/paths.ts sunset/no-legacy-rest-path /v1/campaigns/dictionaries/comanagers',
        // Through MANAGERS_PATH and API.clients, which fix --project rewrites where they are declared.
        'src/legacy/widgets.js sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/managers',
        'src/services/campaigns.ts sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/managers',
        'src/services/dictionaries.ts sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/clients',
      ]);
      expect((await runSunset(['fix', '--project', ...asOf, 'src'], { cwd: dir })).code).toBe(0);
      // Each TODO is now a marker too (sunset/no-sunset-todo), at the same request: the retirement findings left are the TODOs.
      const after = (await findingsOf()).filter((finding) => finding.retired !== undefined && finding.rule !== 'sunset/no-sunset-todo');
      expect(after.map(key).sort()).toEqual(before.filter((finding) => finding.retired !== undefined && finding.fix !== 'rewrite').map(key).sort());
    } finally {
      await cleanup();
    }
  });

  it('--dry --print prints a diff that git applies to exactly expected-fix/, and writes nothing', async () => {
    const { dir, cleanup } = await projectAppCopy({ git: true });
    try {
      const before = await readSources(dir);
      const result = await runSunset(['fix', '--project', '--dry', '--print', ...asOf, 'src'], { cwd: dir });
      expect([result.code, result.stderr.split('\n')[0]]).toEqual([0, '11 files scanned, 4 candidates, 4 would change.']);
      expect(await readSources(dir)).toEqual(before);
      await writeFile(path.join(dir, 'sunset.diff'), result.stdout);
      git(dir, ['apply', 'sunset.diff']);
      expect(await readSources(dir)).toEqual(await expectedFixedSources());
    } finally {
      await cleanup();
    }
  });

  it('refuses, as sunset fix does, only when a file it would change has uncommitted changes', async () => {
    const { dir, cleanup } = await projectAppCopy({ git: true });
    try {
      await writeFile(path.join(dir, 'sunset-report.html'), '<!doctype html>\n');
      const paths = path.join(dir, 'src/api/paths.ts');
      const before = await readSources(dir);
      await writeFile(paths, `${before['src/api/paths.ts']!}// mine\n`);
      const refused = await runSunset(['fix', '--project', ...asOf, 'src'], { cwd: dir });
      expect([refused.code, refused.stdout, refused.stderr.split('\n').slice(0, 2)]).toEqual([
        2,
        '',
        ['sunset: Refusing to rewrite files: sunset fix would change this file, which has uncommitted changes:', '  src/api/paths.ts (modified)'],
      ]);
      expect(await readSources(dir)).toEqual({ ...before, 'src/api/paths.ts': `${before['src/api/paths.ts']!}// mine\n` });
      // The untracked report alone does not stop it.
      git(dir, ['checkout', '--', 'src/api/paths.ts']);
      const result = await runSunset(['fix', '--project', ...asOf, 'src'], { cwd: dir });
      expect([result.code, result.stderr]).toEqual([0, '']);
      expect(await readSources(dir)).toEqual(await expectedFixedSources());
    } finally {
      await cleanup();
    }
  });
});

describe('loading', () => {
  it('a plain sunset check never loads ts-morph; --project does', async () => {
    const { dir, cleanup } = await makeTempDir('lazy-project');
    try {
      // ts-morph is CommonJS: once loaded it is in the CommonJS module cache, whoever imported it.
      const script = path.join(dir, 'loaded.mjs');
      await writeFile(
        script,
        [
          "import { createRequire } from 'node:module';",
          `const { main } = await import(${JSON.stringify(pathToFileURL(path.join(path.dirname(sunsetBin), 'cli.js')).href)});`,
          'const io = { stdout: { write: () => true }, stderr: { write: () => true }, cwd: process.argv[2], env: {}, isTTY: false };',
          "await main(['check', ...process.argv.slice(3)], io);",
          "console.log(Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('ts-morph')));",
        ].join('\n'),
      );
      const [plain, project] = await Promise.all([runNode(script, [fixture, ...asOf, 'src']), runNode(script, [fixture, '--project', ...asOf, 'src'])]);
      expect([plain.stdout, project.stdout]).toEqual(['false\n', 'true\n']);
    } finally {
      await cleanup();
    }
  });
});

describe('sunset fix --project: what it rewrites, the reason it gives when it does not, and what it counts', () => {
  const wrapper = "export async function apiGet(path: string): Promise<unknown> {\n  return (await fetch(`https://api.adform.com${path}`)).json();\n}\n";

  /** A small project in a temporary git repository: a tsconfig, the wrapper `apiGet` in src/http.ts, and `files`. */
  async function smallProject(files: Record<string, string>): Promise<{ dir: string; cleanup: () => Promise<void> }> {
    const temp = await makeTempDir('project-fix');
    const all: Record<string, string> = {
      'tsconfig.json': '{ "compilerOptions": { "strict": true, "module": "ESNext", "moduleResolution": "bundler", "noEmit": true }, "include": ["src"] }\n',
      'src/http.ts': wrapper,
      ...files,
    };
    for (const [file, text] of Object.entries(all)) {
      await mkdir(path.dirname(path.join(temp.dir, file)), { recursive: true });
      await writeFile(path.join(temp.dir, file), text);
    }
    git(temp.dir, ['init', '--quiet', '--initial-branch=main']);
    git(temp.dir, ['add', '--all']);
    git(temp.dir, ['commit', '--quiet', '--message', 'initial']);
    return temp;
  }

  /** The lines of "Sites a person must finish:" that `sunset fix` prints. */
  const sitesToFinish = (result: RunResult): string[] => result.stdout.split('\n').filter((line) => line.startsWith('  src/'));

  it('rewrites a string literal passed to a wrapper; a template it cannot edit gets a TODO with the true reason, not "a human must choose"', async () => {
    const calls = [
      "import { apiGet } from './http';",
      '',
      "export const list = () => apiGet('/v1/campaigns');",
      'export const order = (id: string) => apiGet(`/v1/campaigns/${id}/orders/7`);',
      '',
    ].join('\n');
    const { dir, cleanup } = await smallProject({ 'src/calls.ts': calls });
    try {
      const result = await runSunset(['fix', '--project', ...asOf, 'src'], { cwd: dir });
      expect([result.code, result.stderr]).toEqual([0, '']);
      expect(result.stdout).toBe(
        [
          '2 files scanned, 1 candidate, 1 changed.',
          '1 site rewritten, 1 left with a TODO, 0 skipped.',
          '',
          'Sites a person must finish:',
          "  src/calls.ts:4:45  todo  campaigns-legacy-order  the path reaches the request through apiGet (src/http.ts:2); sunset fix rewrites a wrapper's argument only where it is a string literal holding the whole path, or a constant whose every use is the same one-to-one migration",
          '',
        ].join('\n'),
      );
      expect(await readFile(path.join(dir, 'src/calls.ts'), 'utf8')).toBe(
        calls
          .replace("apiGet('/v1/campaigns')", "apiGet('/v1/buyer/campaigns')")
          .replace(
            'export const order',
            '// TODO(sunset:campaigns-legacy-order): replace GET /v1/campaigns/{campaignId}/orders/{orderId}\n//     with GET /v1/buyer/orders/{orderId}\n//   support ended 2019-10-01\nexport const order',
          ),
      );
      // sunset check --project agrees: the literal is done, the template is a TODO (not "sunset fix rewrites it").
      const check = await runSunset(['check', '--project', '--format', 'json', ...asOf, 'src'], { cwd: dir });
      const findings = parseJson<{ findings: { line: number; rule: string; fix?: string }[] }>(check).findings.filter((finding) => finding.fix !== undefined);
      expect(findings.map((finding) => `${finding.line} ${finding.rule} ${finding.fix!}`)).toEqual(['7 sunset/no-legacy-rest-path todo']);
    } finally {
      await cleanup();
    }
  });

  it('rewrites a path constant joined to a base in another file (`${API_BASE}${CAMPAIGNS_PATH}`) where it is declared, when that GET is its only use', async () => {
    const constants = "export const API_BASE = 'https://api.adform.com';\nexport const CAMPAIGNS_PATH = '/v1/campaigns';\n";
    const list = "import axios from 'axios';\nimport { API_BASE, CAMPAIGNS_PATH } from './constants';\n\nexport const list = () => axios.get(`${API_BASE}${CAMPAIGNS_PATH}`);\n";
    const { dir, cleanup } = await smallProject({ 'src/constants.ts': constants, 'src/list.ts': list });
    try {
      const result = await runSunset(['fix', '--project', ...asOf, 'src'], { cwd: dir });
      expect([result.code, result.stdout, result.stderr]).toEqual([0, '3 files scanned, 1 candidate, 1 changed.\n1 site rewritten, 0 left with a TODO, 0 skipped.\n', '']);
      expect(await readFile(path.join(dir, 'src/constants.ts'), 'utf8')).toBe(constants.replace("'/v1/campaigns'", "'/v1/buyer/campaigns'"));
      expect(await readFile(path.join(dir, 'src/list.ts'), 'utf8')).toBe(list);
    } finally {
      await cleanup();
    }
  });

  it('keeps a shared path constant joined to a base when its uses migrate differently, names it in the reason, and check --project calls every use a TODO', async () => {
    const constants = "export const API_BASE = 'https://api.adform.com';\nexport const CAMPAIGNS_PATH = '/v1/campaigns';\n";
    const calls = [
      "import axios from 'axios';",
      "import { apiGet } from './http';",
      "import { API_BASE, CAMPAIGNS_PATH } from './constants';",
      '',
      'export const list = () => axios.get(`${API_BASE}${CAMPAIGNS_PATH}`);',
      'export const pause = () => axios.patch(`${API_BASE}${CAMPAIGNS_PATH}`, {});',
      'export const listThrough = () => apiGet(CAMPAIGNS_PATH);',
      '',
    ].join('\n');
    const { dir, cleanup } = await smallProject({ 'src/constants.ts': constants, 'src/calls.ts': calls });
    try {
      const result = await runSunset(['fix', '--project', '--dry', ...asOf, 'src'], { cwd: dir });
      expect(sitesToFinish(result)).toEqual([
        '  src/calls.ts:5:37  todo  campaigns-legacy-list  CAMPAIGNS_PATH (src/constants.ts) is shared by uses that do not all migrate the same way, or it also feeds something that is not a request',
        '  src/calls.ts:6:40  todo  campaigns-legacy-status  the new endpoint changes one campaign per call: it needs the campaign id in the path',
        '  src/calls.ts:7:41  todo  campaigns-legacy-list  CAMPAIGNS_PATH (src/constants.ts) is shared by uses that do not all migrate the same way, or it also feeds something that is not a request',
      ]);
      // check --project says the same: the wrapper's call through the constant was "rewrite" here before fix --project decided.
      const check = await runSunset(['check', '--project', '--format', 'json', ...asOf, 'src'], { cwd: dir });
      const findings = parseJson<{ findings: { line: number; column: number; fix?: string; message: string }[] }>(check).findings;
      expect(findings.map((finding) => `${finding.line}:${finding.column} ${finding.fix!} ${finding.message}`)).toEqual([
        '5:37 todo GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns; this call needs a manual migration.',
        '6:40 todo PATCH /v1/campaigns is retired (support ended 2019-10-01): use PUT /v1/buyer/campaigns/{id}/status; this call needs a manual migration.',
        '7:41 todo GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns; this call needs a manual migration.',
      ]);
    } finally {
      await cleanup();
    }
  });

  it('rewrites a constant written as a template over a base (`${API_BASE}/v1/…`) where it is declared, and check --project reports its request only, saying where it is declared', async () => {
    const constants = [
      "export const API_BASE = process.env['API_BASE'] ?? 'https://api.adform.com';",
      'export const MANAGERS_URL = `${API_BASE}/v1/campaigns/dictionaries/managers`;',
      // An escape in the template: its text cannot be edited as written.
      'export const CLIENTS_URL = `${API_BASE}/v1/campaigns/dictionaries/clients?tag=\\u0061`;',
      '',
    ].join('\n');
    const use = [
      "import axios from 'axios';",
      "import { CLIENTS_URL, MANAGERS_URL } from './constants';",
      '',
      'export const managers = () => axios.get(MANAGERS_URL);',
      'export const clients = () => axios.get(CLIENTS_URL);',
      '',
    ].join('\n');
    const { dir, cleanup } = await smallProject({ 'src/constants.ts': constants, 'src/use.ts': use });
    try {
      const check = await runSunset(['check', '--project', '--format', 'json', ...asOf, 'src'], { cwd: dir });
      const findings = parseJson<{ findings: { file: string; line: number; column: number; fix?: string; related?: { file?: string; line: number; column: number; message: string }[] }[] }>(check).findings;
      // One request is one finding: the templates are not reported where they are declared.
      expect(findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.fix!} <- ${(finding.related ?? []).map((place) => `${place.file!}:${place.line}:${place.column} ${place.message}`).join(', ')}`)).toEqual([
        'src/use.ts:4:41 rewrite <- src/constants.ts:2:29 The value is declared here as MANAGERS_URL; sunset fix rewrites it here.',
        'src/use.ts:5:40 todo <- src/constants.ts:3:28 The value is declared here as CLIENTS_URL.',
      ]);
      const result = await runSunset(['fix', '--project', ...asOf, 'src'], { cwd: dir });
      expect([result.code, result.stdout.split('\n').slice(0, 2), result.stderr]).toEqual([0, ['3 files scanned, 1 candidate, 2 changed.', '1 site rewritten, 1 left with a TODO, 0 skipped.'], '']);
      expect(await readFile(path.join(dir, 'src/constants.ts'), 'utf8')).toBe(constants.replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers'));
      // The managers request needs nothing more; the clients request is marked, not its declaration.
      expect((await readFile(path.join(dir, 'src/use.ts'), 'utf8')).split('\n').filter((line) => line.startsWith('//'))).toEqual([
        '// TODO(sunset:campaign-dictionary-clients): replace GET /v1/campaigns/dictionaries/clients',
        '//     with GET /v1/buyer/advertisers',
        '//   support ended 2019-10-01',
        '//   the path is CLIENTS_URL of ./constants.ts',
      ]);
    } finally {
      await cleanup();
    }
  });

  it('fixes fixtures/legacy-app exactly as sunset fix does (its constants are templates over API_BASE)', async () => {
    const copies = await Promise.all([makeTempDir('legacy-project-fix'), makeTempDir('legacy-plain-fix')]);
    try {
      for (const copy of copies) await cp(repoRootPath('fixtures/legacy-app'), copy.dir, { recursive: true, filter: (source) => !source.includes(`${path.sep}node_modules`) });
      const [project, plain] = await Promise.all([
        runSunset(['fix', '--project', '--force', ...asOf, '.'], { cwd: copies[0]!.dir }),
        runSunset(['fix', '--force', ...asOf, '.'], { cwd: copies[1]!.dir }),
      ]);
      // The plain run's module graph also parses an importer the prefilter passed over, now that the bases
      // of config/env.ts (`process.env.X ?? '…'`) are values it reads, and counts it as a candidate;
      // --project's first pass leaves importers to the type checker and does not count them. What changes is the same.
      expect(plain.stdout.split('\n')[0]).toBe('30 files scanned, 20 candidates, 16 changed.');
      expect(project.stdout.split('\n')[0]).toBe('30 files scanned, 19 candidates, 16 changed.');
      expect(project.stdout.split('\n')[1]).toBe(plain.stdout.split('\n')[1]);
      expect(project.stdout.split('\n')[1]).toBe('16 sites rewritten, 41 left with a TODO, 0 skipped.');
      const sources = fg.sync('src/**/*', { cwd: copies[1]!.dir }).sort();
      const read = (dir: string): string[] => sources.map((file) => readFileSync(path.join(dir, file), 'utf8'));
      expect(read(copies[0]!.dir)).toEqual(read(copies[1]!.dir));
    } finally {
      await Promise.all(copies.map((copy) => copy.cleanup()));
    }
  });

  it('counts a read-only file as not changed and its site as skipped, not as rewritten', async () => {
    const { dir, cleanup } = await smallProject({
      'src/a.ts': "import axios from 'axios';\nexport const a = () => axios.get('/v1/campaigns');\n",
      'src/b.ts': "import axios from 'axios';\nexport const b = () => axios.get('/v1/campaigns/dictionaries/managers');\n",
    });
    try {
      await chmod(path.join(dir, 'src/a.ts'), 0o444);
      const result = await runSunset(['fix', '--project', ...asOf, 'src'], { cwd: dir });
      expect([result.code, result.stderr]).toEqual([1, '']);
      expect(result.stdout).toBe(
        [
          '3 files scanned, 2 candidates, 1 changed, 1 could not be written.',
          '1 site rewritten, 0 left with a TODO, 1 skipped.',
          '',
          'Sites a person must finish:',
          '  src/a.ts:2:34  skipped  campaigns-legacy-list  sunset fix could not write this file (the file is read-only), so nothing was changed here',
          '',
          '1 file could not be transformed and was left untouched:',
          '  src/a.ts  Could not write: the file is read-only. The file was left as it was.',
          '',
        ].join('\n'),
      );
      expect(await readFile(path.join(dir, 'src/b.ts'), 'utf8')).toContain("axios.get('/v1/buyer/classifiers/managers')");
    } finally {
      await cleanup();
    }
  });
});

describe('--project on a solution tsconfig.json (npm create vite react-ts): fixtures/project-references', () => {
  const references = repoRootPath('fixtures/project-references');

  /** `--format json`'s findings as `file:line:column rule message`, then each related place as `  file:line:column message`. */
  const describeFindings = (result: RunResult): string[] =>
    parseJson<{ findings: (JsonFinding & { message: string })[] }>(result).findings.flatMap((finding) => [
      `${finding.file}:${finding.line}:${finding.column} ${finding.rule} ${finding.message}`,
      ...(finding.related ?? []).map((related) => `  ${related.file ?? finding.file}:${related.line}:${related.column} ${related.message}`),
    ]);

  /** What check --project finds on the fixture, as `describeFindings` says it. */
  const expectedFindings = [
    'src/features/Labels.tsx:4:9 sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/labels is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers/{id}/campaignLabels; this call needs a manual migration.',
    '  src/lib/api.ts:2:23 The value is declared here as LABELS.',
    '  src/lib/api.ts:1:20 The value is declared here as API.',
    'src/features/Labels.tsx:5:9 sunset/no-legacy-rest-path GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.',
    '  src/lib/api.ts:3:26 The value is declared here as CAMPAIGNS; sunset fix rewrites it here.',
    '  src/lib/api.ts:1:20 The value is declared here as API.',
    'src/features/Labels.tsx:6:7 sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/clients is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers.',
    '  src/lib/api.ts:5:16 get() makes the request here.',
    // worker/tsconfig.json is itself a solution config: its tsconfig.worker.json maps @/* to worker/lib/*, not src/*.
    'worker/main.ts:3:36 sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/clients is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers.',
    '  worker/lib/paths.ts:1:24 The value is declared here as CLIENTS; sunset fix rewrites it here.',
  ];

  /** A copy of the fixture in a temporary git repository. */
  async function referencesCopy(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
    const temp = await makeTempDir('project-references');
    await cp(references, temp.dir, { recursive: true });
    git(temp.dir, ['init', '--quiet', '--initial-branch=main']);
    git(temp.dir, ['add', '--all']);
    git(temp.dir, ['commit', '--quiet', '--message', 'initial']);
    return temp;
  }

  it('reads each file under the referenced project that takes it: the app alias (in a config it extends) and the nested worker project alias, each at its request', async () => {
    const [project, named] = await Promise.all([
      runSunset(['check', '--project', '--format', 'json', ...asOf], { cwd: references }),
      // Named outright, the solution config reads the same.
      runSunset(['check', '--project', 'tsconfig.json', '--format', 'json', ...asOf], { cwd: references }),
    ]);
    expect([project.code, project.stderr]).toEqual([1, '']);
    expect(describeFindings(project)).toEqual(expectedFindings);
    expect(describeFindings(named)).toEqual(describeFindings(project));
  });

  it('never finds less than the default mode on this layout: each default finding is a --project finding at the same place', async () => {
    const [plain, project] = await Promise.all([
      runSunset(['check', '--format', 'json', ...asOf], { cwd: references }),
      runSunset(['check', '--project', '--format', 'json', ...asOf], { cwd: references }),
    ]);
    const places = (result: RunResult): string[] => parseJson<{ findings: JsonFinding[] }>(result).findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.rule}`);
    expect(places(plain)).toEqual(['src/features/Labels.tsx:4:9 sunset/no-legacy-rest-path', 'src/features/Labels.tsx:5:9 sunset/no-legacy-rest-path', 'src/features/Labels.tsx:6:7 sunset/no-legacy-rest-path', 'worker/main.ts:3:36 sunset/no-legacy-rest-path']);
    expect(places(project)).toEqual(places(plain));
  });

  it('one project alone reads only its own options: under tsconfig.app.json the worker alias names src/paths.ts (a live path), so the worker constant is found where it is written', async () => {
    const app = await runSunset(['check', '--project', 'tsconfig.app.json', '--format', 'json', ...asOf], { cwd: references });
    expect(parseJson<{ findings: JsonFinding[] }>(app).findings.map((finding) => `${finding.file}:${finding.line}:${finding.column}`)).toEqual([
      'src/features/Labels.tsx:4:9',
      'src/features/Labels.tsx:5:9',
      'src/features/Labels.tsx:6:7',
      'worker/lib/paths.ts:1:24',
    ]);
  });

  it('fix --project rewrites through the same resolution: each constant where it is declared, the wrapper argument at the call, a TODO at the request that needs a person', async () => {
    const { dir, cleanup } = await referencesCopy();
    try {
      const result = await runSunset(['fix', '--project', ...asOf], { cwd: dir });
      expect([result.code, result.stderr, result.stdout]).toEqual([
        0,
        '',
        [
          '6 files scanned, 3 candidates, 3 changed.',
          '3 sites rewritten, 1 left with a TODO, 0 skipped.',
          '',
          'Sites a person must finish:',
          '  src/features/Labels.tsx:4:9  todo  campaign-dictionary-labels  the new endpoint lists labels per advertiser: it needs an advertiser id the old call did not have',
          '',
        ].join('\n'),
      ]);
      expect(git(dir, ['status', '--porcelain']).split('\n').filter(Boolean).sort()).toEqual([' M src/features/Labels.tsx', ' M src/lib/api.ts', ' M worker/lib/paths.ts']);
      const read = (file: string): Promise<string> => readFile(path.join(dir, file), 'utf8');
      expect(await read('src/features/Labels.tsx')).toBe(
        [
          "import { CAMPAIGNS, LABELS, get } from '@/lib/api';",
          '',
          'export function Labels() {',
          '  // TODO(sunset:campaign-dictionary-labels): migrate GET /v1/campaigns/dictionaries/labels: the new',
          '  //     endpoint lists labels per advertiser: it needs an advertiser id the old call did not have',
          '  //   candidates GET /v1/buyer/advertisers/{id}/campaignLabels',
          '  //   support ended 2019-10-01',
          '  //   the path is LABELS of ../lib/api.ts',
          '  fetch(LABELS);',
          '  fetch(CAMPAIGNS);',
          "  get('/v1/buyer/advertisers');",
          '  return null;',
          '}',
          '',
        ].join('\n'),
      );
      expect(await read('src/lib/api.ts')).toBe(readFileSync(path.join(references, 'src/lib/api.ts'), 'utf8').replace('`${API}/v1/campaigns`', '`${API}/v1/buyer/campaigns`'));
      expect(await read('worker/lib/paths.ts')).toBe("export const CLIENTS = 'https://api.adform.com/v1/buyer/advertisers';\n");
      // What is left is the TODO: check --project finds only it.
      const after = await runSunset(['check', '--project', '--format', 'json', ...asOf], { cwd: dir });
      expect(parseJson<{ findings: JsonFinding[] }>(after).findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.retired}`)).toEqual([
        'src/features/Labels.tsx:9:9 GET /v1/campaigns/dictionaries/labels',
      ]);
    } finally {
      await cleanup();
    }
  });

  it('exits 2 naming a referenced tsconfig that does not exist (as tsc -b stops), or one that is broken, with the config that references it', async () => {
    const { dir, cleanup } = await referencesCopy();
    try {
      await writeFile(path.join(dir, 'tsconfig.json'), '{ "files": [], "references": [{ "path": "./tsconfig.app.json" }, { "path": "./tsconfig.gone.json" }] }\n');
      await writeFile(path.join(dir, 'worker/tsconfig.json'), '{ "files": [], "references": [{ "path": "./tsconfig.worker.json" }, { "path": "../missing-folder" }] }\n');
      const [check, fix] = await Promise.all([runSunset(['check', '--project', ...asOf], { cwd: dir }), runSunset(['fix', '--project', '--dry', ...asOf], { cwd: dir })]);
      const gone = 'sunset: --project: tsconfig.json references tsconfig.gone.json, which does not exist. Fix the reference, or name the tsconfig of one project (--project path/to/tsconfig.app.json).\n';
      expect([check, fix].map(({ code, stdout, stderr }) => ({ code, stdout, stderr }))).toEqual([
        { code: 2, stdout: '', stderr: gone },
        { code: 2, stdout: '', stderr: gone },
      ]);
      // A nested reference to a folder without a tsconfig.json names the file it looked for.
      await writeFile(path.join(dir, 'tsconfig.json'), '{ "files": [], "references": [{ "path": "./tsconfig.app.json" }, { "path": "./worker" }] }\n');
      const nested = await runSunset(['check', '--project', ...asOf], { cwd: dir });
      expect({ code: nested.code, stderr: nested.stderr }).toEqual({
        code: 2,
        stderr: `sunset: --project: worker/tsconfig.json references ${path.join('missing-folder', 'tsconfig.json')}, which does not exist. Fix the reference, or name the tsconfig of one project (--project path/to/tsconfig.app.json).\n`,
      });
      await writeFile(path.join(dir, 'worker/tsconfig.json'), '{ "files": [], "references": [{ "path": "./tsconfig.worker.json" }] }\n');
      await writeFile(path.join(dir, 'worker/tsconfig.worker.json'), '{ "compilerOptions": { "module": ');
      const broken = await runSunset(['check', '--project', ...asOf], { cwd: dir });
      expect({ code: broken.code, stderr: broken.stderr }).toEqual({
        code: 2,
        stderr:
          'sunset: --project cannot read worker/tsconfig.worker.json (referenced by worker/tsconfig.json): Expression expected. Fix it or the reference, or name the tsconfig of one project (--project path/to/tsconfig.app.json).\n',
      });
    } finally {
      await cleanup();
    }
  });

  it('reads circular references once each and ends, with the same findings', async () => {
    const { dir, cleanup } = await referencesCopy();
    try {
      // tsconfig.app.json → tsconfig.json → tsconfig.app.json, and the worker project back to the root.
      const app = JSON.parse(readFileSync(path.join(references, 'tsconfig.app.json'), 'utf8')) as Record<string, unknown>;
      await writeFile(path.join(dir, 'tsconfig.app.json'), JSON.stringify({ ...app, references: [{ path: './tsconfig.json' }, { path: './tsconfig.app.json' }] }));
      await writeFile(path.join(dir, 'worker/tsconfig.json'), '{ "files": [], "references": [{ "path": "./tsconfig.worker.json" }, { "path": ".." }] }\n');
      const cyclic = await runSunset(['check', '--project', '--format', 'json', ...asOf], { cwd: dir });
      expect([cyclic.code, cyclic.stderr]).toEqual([1, '']);
      expect(describeFindings(cyclic)).toEqual(expectedFindings);
    } finally {
      await cleanup();
    }
  });
});

describe('--project: a wrapper over a client with a base, made in another file (a trial found it unreported)', () => {
  const files: Record<string, string> = {
    'tsconfig.json': '{ "compilerOptions": { "strict": true, "module": "ESNext", "moduleResolution": "bundler", "noEmit": true }, "include": ["src"] }\n',
    'src/api/http.ts': [
      "import axios from 'axios';",
      '',
      "export const adform = axios.create({ baseURL: 'https://api.adform.com/v1' });",
      'export function apiGet(path: string) {',
      '  return adform.get(path);',
      '}',
      '',
      "// Another vendor's API with the same paths: not ours.",
      "const partner = axios.create({ baseURL: 'https://api.partner.example/v1' });",
      'export function partnerGet(path: string) {',
      '  return partner.get(path);',
      '}',
      '',
      '// Based deeper than the new paths go.',
      "const dictionaries = axios.create({ baseURL: 'https://api.adform.com/v1/campaigns/dictionaries' });",
      'export function dictionaryGet(path: string) {',
      '  return dictionaries.get(path);',
      '}',
      '',
    ].join('\n'),
    'src/api/klass.ts': [
      "import axios from 'axios';",
      '',
      'export class AdformApi {',
      "  private readonly http = axios.create({ baseURL: 'https://api.adform.com/v1' });",
      '  get(path: string) {',
      '    return this.http.get(path);',
      '  }',
      '}',
      'export const api = new AdformApi();',
      '',
    ].join('\n'),
    'src/use.ts': [
      "import { apiGet, dictionaryGet, partnerGet } from './api/http';",
      '',
      "export const clients = () => apiGet('/campaigns/dictionaries/clients');",
      "export const list = () => apiGet('campaigns');",
      "export const partnerClients = () => partnerGet('/campaigns/dictionaries/clients');",
      "export const narrow = () => dictionaryGet('/clients');",
      'const viaTwo = (path: string) => apiGet(path);',
      "export const managers = () => viaTwo('/campaigns/dictionaries/managers');",
      '',
    ].join('\n'),
    'src/use-class.ts': [
      "import { api, AdformApi } from './api/klass';",
      '',
      "export const managers = () => api.get('/campaigns/dictionaries/managers');",
      "export const list = () => new AdformApi().get('/campaigns');",
      '',
    ].join('\n'),
  };

  async function wrapperProject(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
    const temp = await makeTempDir('wrapper-base');
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(temp.dir, file)), { recursive: true });
      await writeFile(path.join(temp.dir, file), text);
    }
    git(temp.dir, ['init', '--quiet', '--initial-branch=main']);
    git(temp.dir, ['add', '--all']);
    git(temp.dir, ['commit', '--quiet', '--message', 'initial']);
    return temp;
  }

  it('check --project reports each call whose path the client joins to its base, at the call, with the request as related; not the other vendor', async () => {
    const { dir, cleanup } = await wrapperProject();
    try {
      const result = await runSunset(['check', '--project', '--format', 'json', ...asOf], { cwd: dir });
      // partnerGet's call is the other vendor's request: left out, and counted as one.
      expect([result.code, result.stderr]).toEqual([
        1,
        'Hint: 1 request to a retired path or operation names a host that is not its API\'s, so it was not reported. If a proxy or gateway of yours serves the API, add its host to apiHosts (or to the API under apis); "apiHosts": ["*"] checks every host.\n' +
          '  In src/use.ts (1); --format json lists them (otherHostsByFile).\n',
      ]);
      const findings = parseJson<{ findings: (JsonFinding & { message: string; fix?: string; host?: string })[] }>(result).findings;
      expect(
        findings.map((finding) => [
          `${finding.file}:${finding.line}:${finding.column} ${finding.rule} ${finding.host} ${finding.fix} ${finding.message}`,
          ...(finding.related ?? []).map((related) => `  ${related.file}:${related.line}:${related.column} ${related.message}`),
        ]),
      ).toEqual([
        [
          'src/use-class.ts:3:39 sunset/no-legacy-rest-path api.adform.com rewrite GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers.',
          '  src/api/klass.ts:6:26 get() makes the request here.',
        ],
        ['src/use-class.ts:4:47 sunset/no-legacy-rest-path api.adform.com rewrite GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.', '  src/api/klass.ts:6:26 get() makes the request here.'],
        [
          'src/use.ts:3:37 sunset/no-legacy-rest-path api.adform.com rewrite GET /v1/campaigns/dictionaries/clients is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers.',
          '  src/api/http.ts:5:21 apiGet() makes the request here.',
        ],
        ['src/use.ts:4:34 sunset/no-legacy-rest-path api.adform.com rewrite GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.', '  src/api/http.ts:5:21 apiGet() makes the request here.'],
        [
          'src/use.ts:6:43 sunset/no-legacy-rest-path api.adform.com todo GET /v1/campaigns/dictionaries/clients is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers.',
          '  src/api/http.ts:17:27 dictionaryGet() makes the request here.',
        ],
        [
          // A wrapper of the wrapper: its call's literal is rewritten the same way.
          'src/use.ts:8:38 sunset/no-legacy-rest-path api.adform.com rewrite GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers.',
          '  src/api/http.ts:5:21 viaTwo() makes the request here.',
        ],
      ]);
    } finally {
      await cleanup();
    }
  });

  it('fix --project rewrites the part after the base in each literal argument, keeps the base, and gives a TODO with the reason where the new path leaves the base', async () => {
    const { dir, cleanup } = await wrapperProject();
    try {
      const result = await runSunset(['fix', '--project', ...asOf], { cwd: dir });
      expect([result.code, result.stderr]).toEqual([0, '']);
      expect(result.stdout).toBe(
        [
          '4 files scanned, 1 candidate, 2 changed.',
          '5 sites rewritten, 1 left with a TODO, 0 skipped.',
          '',
          'Sites a person must finish:',
          "  src/use.ts:6:43  todo  campaign-dictionary-clients  the new path does not start with the client's base (https://api.adform.com/v1/campaigns/dictionaries), which the wrapper's other calls share",
          '',
        ].join('\n'),
      );
      expect(await readFile(path.join(dir, 'src/use.ts'), 'utf8')).toBe(
        files['src/use.ts']!
          .replace("apiGet('/campaigns/dictionaries/clients')", "apiGet('/buyer/advertisers')")
          .replace("apiGet('campaigns')", "apiGet('buyer/campaigns')")
          .replace(
            'export const narrow',
            '// TODO(sunset:campaign-dictionary-clients): replace GET /v1/campaigns/dictionaries/clients\n//     with GET /v1/buyer/advertisers\n//   support ended 2019-10-01\nexport const narrow',
          )
          .replace("viaTwo('/campaigns/dictionaries/managers')", "viaTwo('/buyer/classifiers/managers')"),
      );
      expect(await readFile(path.join(dir, 'src/use-class.ts'), 'utf8')).toBe(
        files['src/use-class.ts']!.replace("api.get('/campaigns/dictionaries/managers')", "api.get('/buyer/classifiers/managers')").replace(".get('/campaigns')", ".get('/buyer/campaigns')"),
      );
      expect(git(dir, ['status', '--porcelain']).split('\n').filter(Boolean).sort()).toEqual([' M src/use-class.ts', ' M src/use.ts']);
    } finally {
      await cleanup();
    }
  });
});
