import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 21's real-vendor fixture (fixtures/openapi/spotify/README.md): the Spotify Web API's deprecated
// operations, one-segment paths among them (GET /tracks, GET /albums), checked over 19 client files
// of npm packages that nobody here wrote, plus two of our own. Every request whose path the code
// writes is labelled by hand in ground-truth.json; the test scores `sunset check` against it.
//
// The config is sunset.config.json as `sunset import openapi fixed-spotify-open-api.yml --deprecated-on
// 2026-05-31` writes it over `{ "asOf": "2026-11-01" }` (byte for byte, checked by hand: the
// description may not be committed here, see the README). SWITCH once the tests can read the
// description: import it into a temporary config, expect it to equal sunset.config.json, and run
// the check below with the imported one.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const fixtureDir = path.join(repoRoot, 'fixtures/openapi/spotify');
const bin = path.join(repoRoot, 'packages/cli/dist/bin.js');
/** The API id the importer derives from the description's title. */
const spotifyApi = 'spotify-web-api-with-fixes-and-improvements-from-sonallux';

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly entry: string;
  readonly retired: string;
}

interface Site {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly request: string;
  readonly deprecated: boolean;
  readonly entry?: string;
  readonly why: string;
  /** What `sunset check` does there today when it is wrong: a known gap, named by `gap`. */
  readonly today?: string;
  readonly gap?: string;
}

interface ConfigEntry {
  readonly id: string;
  readonly api: string;
  readonly retired: string;
  readonly liveMethods?: readonly string[];
}

const readJson = <T>(name: string): T => JSON.parse(readFileSync(path.join(fixtureDir, name), 'utf8')) as T;
const groundTruth = readJson<{ sites: Site[] }>('ground-truth.json');
const config = readJson<{ apis: Record<string, { hosts: string[]; basePaths: string[] }>; customEntries: ConfigEntry[] }>('sunset.config.json');
const expectedFindings = readJson<Finding[]>('expected-findings.json');

const at = (item: { file: string; line: number; column: number }): string => `${item.file}:${item.line}:${item.column}`;
const pathOf = (retired: string): string => retired.slice(retired.indexOf(' ') + 1);

/** A finding is a site's when it is there and names the site's entry, or (the method not read) its path with every method. */
function isFindingOf(finding: Finding, site: Site | undefined): boolean {
  if (!site?.deprecated) return false;
  if (finding.entry === site.entry) return true;
  return !/^[A-Z]+ /.test(finding.retired) && finding.retired === pathOf(site.request);
}

interface Score {
  readonly truePositives: readonly string[];
  readonly falsePositives: readonly string[];
  readonly falseNegatives: readonly string[];
  readonly precision: number;
  readonly recall: number;
}

function score(findings: readonly Finding[], sites: readonly Site[]): Score {
  const siteAt = new Map(sites.map((site) => [at(site), site]));
  const found = new Set<Site>();
  const truePositives: string[] = [];
  const falsePositives: string[] = [];
  for (const finding of findings) {
    const site = siteAt.get(at(finding));
    if (isFindingOf(finding, site)) {
      found.add(site!);
      truePositives.push(at(finding));
    } else falsePositives.push(at(finding));
  }
  const falseNegatives = sites.filter((site) => site.deprecated && !found.has(site)).map(at);
  return {
    truePositives,
    falsePositives,
    falseNegatives,
    precision: truePositives.length / (truePositives.length + falsePositives.length),
    recall: truePositives.length / (truePositives.length + falseNegatives.length),
  };
}

describe('the Spotify Web API fixture: real clients, deprecated one-segment paths and their look-alikes', () => {
  let findings: Finding[] = [];
  let unresolved: string[] = [];
  let run: ReturnType<typeof spawnSync>;

  beforeAll(() => {
    run = spawnSync(process.execPath, [bin, 'check', '.', '--config', '../sunset.config.json', '--format', 'json'], {
      cwd: path.join(fixtureDir, 'clients'),
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    const report = JSON.parse(String(run.stdout)) as { findings: Finding[]; errors: unknown[]; unresolvedMethod: { file: string; line: number; column: number }[] };
    expect(report.errors).toEqual([]);
    findings = report.findings.map(({ file, line, column, entry, retired }) => ({ file, line, column, entry, retired }));
    unresolved = report.unresolvedMethod.map(at);
  });

  it('labels each request as the config does: deprecated exactly when an entry of the Spotify API retires it', () => {
    const entryOf = new Map(config.customEntries.map((entry) => [entry.retired, entry]));
    expect(Object.keys(config.apis)).toEqual([spotifyApi]);
    expect(config.apis[spotifyApi]).toMatchObject({ hosts: ['api.spotify.com'], basePaths: ['/v1'] });
    expect(config.customEntries).toHaveLength(48);
    for (const site of groundTruth.sites) {
      const entry = entryOf.get(site.request);
      expect({ site: at(site), deprecated: site.deprecated, entry: site.entry }).toEqual({ site: at(site), deprecated: entry !== undefined, entry: entry?.id });
      expect(entry?.api ?? spotifyApi).toBe(spotifyApi);
    }
    // A live request on a path with deprecated methods is one of those entries' liveMethods.
    for (const site of groundTruth.sites.filter((each) => !each.deprecated)) {
      const [method, sitePath] = site.request.split(' ') as [string, string];
      for (const entry of config.customEntries.filter((each) => pathOf(each.retired) === sitePath)) {
        expect({ site: at(site), entry: entry.id, liveMethods: entry.liveMethods }).toEqual({ site: at(site), entry: entry.id, liveMethods: expect.arrayContaining([method]) });
      }
    }
  });

  it('reports exactly the findings of expected-findings.json, and exits 1', () => {
    expect(run.status).toBe(1);
    expect(findings).toEqual(expectedFindings);
  });

  it('leaves unreported, as unresolvedMethod, only the requests whose method is not written and that are live GETs', () => {
    const siteAt = new Map(groundTruth.sites.map((site) => [at(site), site]));
    expect(unresolved.map((place) => `${place} ${siteAt.get(place)?.request} ${siteAt.get(place)?.deprecated}`)).toEqual([
      'spotify-api.js/managers/UserClient.js:120:53 GET /me/following false',
      'spotify-api.js/managers/UserClient.js:162:53 GET /me/albums false',
      'spotify-api.js/managers/UserClient.js:206:53 GET /me/tracks false',
      'spotify-api.js/managers/UserClient.js:250:53 GET /me/episodes false',
      'spotify-api.js/managers/UserClient.js:294:53 GET /me/shows false',
      'spotify-web-api-js/spotify-web-api.js:225:12 GET /me/tracks false',
      'spotify-web-api-js/spotify-web-api.js:312:12 GET /me/albums false',
      'spotify-web-api-js/spotify-web-api.js:1902:12 GET /me/shows false',
    ]);
  });

  it('reports none of the 18 nested look-alikes of a deprecated path, but the two a let variable builds (gap G2)', () => {
    const lookAlikes = groundTruth.sites.filter((site) => site.why.includes('look-alike'));
    const reported = new Set(findings.map(at));
    expect(lookAlikes).toHaveLength(18);
    expect(lookAlikes.filter((site) => reported.has(at(site))).map((site) => `${at(site)} ${site.gap}`)).toEqual([
      'spotify-finder/client.js:117:33 G2',
      'spotify-finder/client.js:161:16 G2',
    ]);
  });

  it('is wrong only at the sites the ground truth marks as known gaps: precision 106/108, recall 106/111', () => {
    const result = score(findings, groundTruth.sites);
    const knownFalsePositives = groundTruth.sites.filter((site) => !site.deprecated && site.today !== undefined).map(at);
    const knownMisses = groundTruth.sites.filter((site) => site.deprecated && site.today !== undefined).map(at);
    expect(result.falsePositives).toEqual(knownFalsePositives);
    expect(result.falseNegatives).toEqual(knownMisses);
    expect([result.truePositives.length, result.falsePositives.length, result.falseNegatives.length]).toEqual([106, 2, 5]);
  });

  // Issue 21's acceptance. It fails today at the gaps G2 and G3 of the README (packages/analysis); when
  // they are closed the test above fails first: update the ground truth's `today` marks, the
  // expected findings and the figures, then turn this into `it`.
  it.fails('scores precision 1.00 and recall 1.00 against the ground truth (issue 21)', () => {
    const { precision, recall } = score(findings, groundTruth.sites);
    expect({ precision, recall }).toEqual({ precision: 1, recall: 1 });
  });
});
