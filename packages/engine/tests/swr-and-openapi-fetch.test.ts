import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFiles } from '../src/check/check-files.js';
import { makeTree, sunsetOptions } from './helpers.js';

// `sunset check` with the default mode's module graph: an openapi-fetch client made in another file
// keeps its baseUrl and its verbs; an SWR fetcher of the file decides its keys' host and method, an
// imported fetcher (not followed) leaves them a GET whose host the code does not show.

const tree = {
  'src/api/client.ts': [
    "import createClient from 'openapi-fetch';",
    "export const adform = createClient<paths>({ baseUrl: 'https://api.adform.com' });",
    "export const snap = createClient<paths>({ baseUrl: 'https://adsapi.snapchat.com' });",
    'export const fetcher = (path: string) => fetch(`https://api.adform.com${path}`).then((r) => r.json());',
    '',
  ].join('\n'),
  'src/features/campaigns.ts': [
    "import { adform, snap } from '../api/client';",
    "export const pause = (ids: number[]) => adform.PATCH('/v1/campaigns', { body: { ids } });",
    "export const snapPause = (ids: number[]) => snap.PATCH('/v1/campaigns', { body: { ids } });",
    '',
  ].join('\n'),
  'src/hooks/useCampaigns.ts': [
    "import useSWR from 'swr';",
    "import { fetcher } from '../api/client';",
    "const snapFetcher = (path: string) => fetch(`https://adsapi.snapchat.com${path}`).then((r) => r.json());",
    "export const useCampaigns = () => useSWR('/v1/campaigns', fetcher);",
    "export const useSnapManagers = () => useSWR('/v1/campaigns/dictionaries/managers', snapFetcher);",
    '',
  ].join('\n'),
};

describe('sunset check: openapi-fetch clients from another file, SWR fetchers', () => {
  it('reads an imported openapi-fetch client with its baseUrl and verb, and an SWR key through its fetcher; another vendor\'s are left out', async () => {
    const root = makeTree(tree);
    const result = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions(), threads: 1, crossFile: true });
    const lines = result.findings.map((finding) =>
      [`${path.relative(root, finding.file).split(path.sep).join('/')}:${finding.line}:${finding.column}`, finding.rule, finding.retirement?.migration, `host=${finding.retirement?.host ?? '?'}`, finding.message].join(' '),
    );
    expect(lines).toEqual([
      'src/features/campaigns.ts:2:54 no-legacy-rest-path todo host=api.adform.com PATCH /v1/campaigns is retired (support ended 2019-10-01): use PUT /v1/buyer/campaigns/{id}/status; this call needs a manual migration.',
      'src/hooks/useCampaigns.ts:4:42 no-legacy-rest-path rewrite host=? GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.',
    ]);
    expect(result.otherHostCount).toBe(2);
  });
});
