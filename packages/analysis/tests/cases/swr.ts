import type { RequestCase } from '../run-request-cases.js';

// SWR's hooks as requests (requests/swr.ts): the key is the URL the fetcher is given; a fetcher of the
// file that sends its parameter gives the request its client, base and method; any other fetcher GETs.

const retired = (key: string, use: string): string => `${key} is retired (support ended 2019-10-01): ${use}`;
const lines = (...text: string[]): string => text.join('\n');

const twoFetchers = [
  "import useSWR from 'swr';",
  "const SNAP = 'https://adsapi.snapchat.com';",
  "const API = 'https://api.adform.com';",
  'const snapFetcher = (path: string) => fetch(`${SNAP}${path}`).then((r) => r.json());',
  'const fetcher = (path: string) => fetch(`${API}${path}`).then((r) => r.json());',
  "export const useSnapManagers = () => useSWR('/v1/campaigns/dictionaries/managers', snapFetcher);",
  "export const useCampaigns = () => useSWR('/v1/campaigns', fetcher);",
];

const hooks = [
  "import useSWR from 'swr';",
  "import useSWRImmutable from 'swr/immutable';",
  "import useSWRInfinite from 'swr/infinite';",
  "const fetcher = (path: string) => fetch('https://api.adform.com' + path).then((r) => r.json());",
  'export const a = (id?: string) => useSWR(id ? `/v1/campaigns/${id}` : null, fetcher);',
  "export const b = (ready: boolean) => useSWR(ready && '/v1/campaigns/dictionaries/managers', { fetcher });",
  "export const c = () => useSWRImmutable('/v1/campaigns/dictionaries/comanagers', fetcher);",
  'export const d = () => useSWRInfinite((page) => `/v1/campaigns?page=${page}`, fetcher);',
];

const mutates = [
  "import useSWR, { mutate, useSWRConfig } from 'swr';",
  "const API = 'https://api.adform.com';",
  "const SNAP = 'https://adsapi.snapchat.com';",
  'const fetcher = (path: string) => fetch(`${API}${path}`).then((r) => r.json());',
  'const snapFetcher = (path: string) => fetch(`${SNAP}${path}`).then((r) => r.json());',
  "export const useManagers = () => useSWR('/v1/campaigns/dictionaries/managers', fetcher);",
  "export const useSnapClients = () => useSWR('/v1/campaigns/dictionaries/clients', snapFetcher);",
  'export function useRefresh() {',
  '  const { mutate: refresh } = useSWRConfig();',
  "  return () => Promise.all([mutate('/v1/campaigns/dictionaries/managers'), refresh('/v1/campaigns/dictionaries/clients'), useSWRConfig().mutate('/v1/campaigns')]);",
  '}',
];

const customHooks = [
  "import useSWR from 'swr';",
  "const fetcher = (path: string) => fetch(`https://api.adform.com${path}`).then((r) => r.json());",
  "const snapFetcher = (path: string) => fetch(`https://adsapi.snapchat.com${path}`).then((r) => r.json());",
  'export const useApi = <T,>(path: string) => useSWR<T>(path, fetcher);',
  'export const useSnap = (path: string) => useSWR(path, snapFetcher);',
  "export const useCampaigns = () => useApi('/v1/campaigns');",
  "export const useSnapManagers = () => useSnap('/v1/campaigns/dictionaries/managers');",
];

export const swrCases: RequestCase[] = [
  {
    name: "the file's fetcher decides: another vendor's is not reported, the API's is a GET on its host, rewritten",
    code: lines(...twoFetchers),
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'swr', migration: 'rewrite', at: "'/v1/campaigns'",
        message: retired('GET /v1/campaigns', 'use GET /v1/buyer/campaigns.'), host: 'api.adform.com',
        output: lines(...twoFetchers.slice(0, 6), "export const useCampaigns = () => useSWR('/v1/buyer/campaigns', fetcher);"),
      },
    ],
  },
  {
    name: 'a fetcher the file does not show (none: SWRConfig\'s; an imported one) GETs the key, whose host is not shown',
    code: lines(
      "import useSWR from 'swr';",
      "import { fetcher } from './fetcher';",
      "export const a = () => useSWR('/v1/campaigns');",
      "export const b = () => useSWR('/v1/campaigns/dictionaries/managers', fetcher, { revalidateOnFocus: false });",
    ),
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'swr', migration: 'rewrite', at: "'/v1/campaigns'",
        message: retired('GET /v1/campaigns', 'use GET /v1/buyer/campaigns.'),
        output: lines(
          "import useSWR from 'swr';",
          "import { fetcher } from './fetcher';",
          "export const a = () => useSWR('/v1/buyer/campaigns');",
          "export const b = () => useSWR('/v1/campaigns/dictionaries/managers', fetcher, { revalidateOnFocus: false });",
        ),
      },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'swr', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'",
        message: retired('GET /v1/campaigns/dictionaries/managers', 'use GET /v1/buyer/classifiers/managers.'),
        output: lines(
          "import useSWR from 'swr';",
          "import { fetcher } from './fetcher';",
          "export const a = () => useSWR('/v1/campaigns');",
          "export const b = () => useSWR('/v1/buyer/classifiers/managers', fetcher, { revalidateOnFocus: false });",
        ),
      },
    ],
  },
  {
    name: "an array key is its first element, given to a fetcher that destructures it (SWR 2) or takes it spread (SWR 1); another vendor's is not reported",
    code: lines(
      "import useSWR from 'swr';",
      "const API = 'https://api.adform.com';",
      "export const a = (id: string) => useSWR(['/v1/campaigns/dictionaries/clients', id], ([url, advertiser]) => fetch(`${API}${url}?advertiser=${advertiser}`));",
      "export const b = (id: string) => useSWR(['/v1/campaigns', id], (url: string, token: string) => fetch(API + url, { headers: { token } }));",
      "export const c = (id: string) => useSWR(['/v1/campaigns', id], ([url]) => fetch('https://adsapi.snapchat.com' + url));",
    ),
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'swr', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'",
        message: retired('GET /v1/campaigns/dictionaries/clients', 'use GET /v1/buyer/advertisers.'), host: 'api.adform.com',
        output: lines(
          "import useSWR from 'swr';",
          "const API = 'https://api.adform.com';",
          "export const a = (id: string) => useSWR(['/v1/buyer/advertisers', id], ([url, advertiser]) => fetch(`${API}${url}?advertiser=${advertiser}`));",
          "export const b = (id: string) => useSWR(['/v1/campaigns', id], (url: string, token: string) => fetch(API + url, { headers: { token } }));",
          "export const c = (id: string) => useSWR(['/v1/campaigns', id], ([url]) => fetch('https://adsapi.snapchat.com' + url));",
        ),
      },
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'swr', migration: 'rewrite', at: "'/v1/campaigns'",
        message: retired('GET /v1/campaigns', 'use GET /v1/buyer/campaigns.'), host: 'api.adform.com',
        output: lines(
          "import useSWR from 'swr';",
          "const API = 'https://api.adform.com';",
          "export const a = (id: string) => useSWR(['/v1/campaigns/dictionaries/clients', id], ([url, advertiser]) => fetch(`${API}${url}?advertiser=${advertiser}`));",
          "export const b = (id: string) => useSWR(['/v1/buyer/campaigns', id], (url: string, token: string) => fetch(API + url, { headers: { token } }));",
          "export const c = (id: string) => useSWR(['/v1/campaigns', id], ([url]) => fetch('https://adsapi.snapchat.com' + url));",
        ),
      },
    ],
  },
  {
    name: 'a conditional key is the URL it fetches (the null side fetches nothing); a fetcher in the options; useSWRImmutable and useSWRInfinite',
    code: lines(...hooks),
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-get', key: 'GET /v1/campaigns/{id}', method: 'GET', form: 'swr', migration: 'todo', at: '`/v1/campaigns/${id}`',
        message: retired('GET /v1/campaigns/{id}', 'use one of GET /v1/buyer/campaigns/{id} or GET /v1/buyer/campaigns/{id}/rtbSettings; this call needs a manual migration.'),
        host: 'api.adform.com',
        candidates: ['/v1/buyer/campaigns/${id}', '/v1/buyer/campaigns/${id}/rtbSettings'].map((path) =>
          lines(...hooks.slice(0, 4), `export const a = (id?: string) => useSWR(id ? \`${path}\` : null, fetcher);`, ...hooks.slice(5)),
        ),
      },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'swr', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'",
        message: retired('GET /v1/campaigns/dictionaries/managers', 'use GET /v1/buyer/classifiers/managers.'), host: 'api.adform.com',
        output: lines(...hooks.slice(0, 5), "export const b = (ready: boolean) => useSWR(ready && '/v1/buyer/classifiers/managers', { fetcher });", ...hooks.slice(6)),
      },
      {
        id: 'campaign-dictionary-comanagers', key: 'GET /v1/campaigns/dictionaries/comanagers', method: 'GET', form: 'swr', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/comanagers'",
        message: retired('GET /v1/campaigns/dictionaries/comanagers', 'use GET /v1/buyer/classifiers/managers.'), host: 'api.adform.com',
        output: lines(...hooks.slice(0, 6), "export const c = () => useSWRImmutable('/v1/buyer/classifiers/managers', fetcher);", ...hooks.slice(7)),
      },
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'swr', migration: 'rewrite', at: '`/v1/campaigns?page=${page}`',
        message: retired('GET /v1/campaigns', 'use GET /v1/buyer/campaigns.'), host: 'api.adform.com',
        output: lines(...hooks.slice(0, 7), 'export const d = () => useSWRInfinite((page) => `/v1/buyer/campaigns?page=${page}`, fetcher);'),
      },
    ],
  },
  {
    name: 'a function key is what it returns; an object key is no URL (its url a URL-shaped string, the method unknown)',
    code: lines(
      "import useSWR from 'swr';",
      "const fetcher = (path: string) => fetch('https://api.adform.com' + path).then((r) => r.json());",
      "export const a = (ready: boolean) => useSWR(() => (ready ? '/v1/campaigns/dictionaries/managers' : null), fetcher);",
      "export const b = () => useSWR({ url: '/v1/campaigns' }, fetcher);",
    ),
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'swr', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'",
        message: retired('GET /v1/campaigns/dictionaries/managers', 'use GET /v1/buyer/classifiers/managers.'), host: 'api.adform.com',
        output: lines(
          "import useSWR from 'swr';",
          "const fetcher = (path: string) => fetch('https://api.adform.com' + path).then((r) => r.json());",
          "export const a = (ready: boolean) => useSWR(() => (ready ? '/v1/buyer/classifiers/managers' : null), fetcher);",
          "export const b = () => useSWR({ url: '/v1/campaigns' }, fetcher);",
        ),
      },
      {
        id: 'campaigns-legacy-list', key: '/v1/campaigns', methods: ['GET', 'PATCH'], form: 'url-string', migration: 'todo', at: "'/v1/campaigns'",
        message: retired('/v1/campaigns (GET or PATCH)', 'use one of GET /v1/buyer/campaigns or PUT /v1/buyer/campaigns/{id}/status; this call needs a manual migration.'),
        cause: 'the code does not say its method, so this may be GET /v1/campaigns or PATCH /v1/campaigns',
        candidates: [
          lines(
            "import useSWR from 'swr';",
            "const fetcher = (path: string) => fetch('https://api.adform.com' + path).then((r) => r.json());",
            "export const a = (ready: boolean) => useSWR(() => (ready ? '/v1/campaigns/dictionaries/managers' : null), fetcher);",
            "export const b = () => useSWR({ url: '/v1/buyer/campaigns' }, fetcher);",
          ),
        ],
      },
    ],
  },
  {
    name: "look-alikes: a useSWR not imported from 'swr' (a URL-shaped string, its method unknown), a key that is no path, a fetcher that writes its own path",
    code: lines(
      "import { useSWR } from './hooks';",
      "import useSWRReal from 'swr';",
      "export const a = () => useSWR('/v1/campaigns', fetcher);",
      "export const b = () => useSWRReal('campaigns-list', () => fetch('https://api.adform.com/v1/campaigns/dictionaries/labels'));",
    ),
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: '/v1/campaigns', methods: ['GET', 'PATCH'], form: 'url-string', migration: 'todo', at: "'/v1/campaigns'",
        message: retired('/v1/campaigns (GET or PATCH)', 'use one of GET /v1/buyer/campaigns or PUT /v1/buyer/campaigns/{id}/status; this call needs a manual migration.'),
        cause: 'the code does not say its method, so this may be GET /v1/campaigns or PATCH /v1/campaigns',
        candidates: [lines("import { useSWR } from './hooks';", "import useSWRReal from 'swr';", "export const a = () => useSWR('/v1/buyer/campaigns', fetcher);", "export const b = () => useSWRReal('campaigns-list', () => fetch('https://api.adform.com/v1/campaigns/dictionaries/labels'));")],
      },
      {
        id: 'campaign-dictionary-labels', key: 'GET /v1/campaigns/dictionaries/labels', method: 'GET', form: 'fetch', migration: 'todo', at: "'https://api.adform.com/v1/campaigns/dictionaries/labels'",
        message: retired('GET /v1/campaigns/dictionaries/labels', 'use GET /v1/buyer/advertisers/{id}/campaignLabels; this call needs a manual migration.'), host: 'api.adform.com',
      },
    ],
  },
  {
    name: "mutate(key) is the key's request, through the fetcher of the file's hook with that key (rewritten with it, another vendor's left alone), else a GET",
    code: lines(...mutates),
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'swr', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'",
        message: retired('GET /v1/campaigns/dictionaries/managers', 'use GET /v1/buyer/classifiers/managers.'), host: 'api.adform.com',
        output: lines(...mutates.slice(0, 5), "export const useManagers = () => useSWR('/v1/buyer/classifiers/managers', fetcher);", ...mutates.slice(6)),
      },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'swr', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'", occurrence: 2,
        message: retired('GET /v1/campaigns/dictionaries/managers', 'use GET /v1/buyer/classifiers/managers.'), host: 'api.adform.com',
        output: lines(
          ...mutates.slice(0, 9),
          "  return () => Promise.all([mutate('/v1/buyer/classifiers/managers'), refresh('/v1/campaigns/dictionaries/clients'), useSWRConfig().mutate('/v1/campaigns')]);",
          '}',
        ),
      },
      {
        // No hook of the file reads the key: the one that does is elsewhere, and a rewrite here alone would part the two keys.
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'swr', migration: 'todo', at: "'/v1/campaigns'",
        message: retired('GET /v1/campaigns', 'use GET /v1/buyer/campaigns; this call needs a manual migration.'),
        cause: 'this mutate names an SWR key no hook of this file reads: change it together with the hook that reads it (in another file), or the two keys part',
      },
    ],
  },
  {
    name: "a hook of the file that hands its parameter to useSWR is a helper: its callers' paths go through its fetcher",
    code: lines(...customHooks),
    jsx: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'swr', migration: 'rewrite', at: "'/v1/campaigns'",
        message: retired('GET /v1/campaigns', 'use GET /v1/buyer/campaigns.'), host: 'api.adform.com',
        output: lines(...customHooks.slice(0, 5), "export const useCampaigns = () => useApi('/v1/buyer/campaigns');", customHooks[6]!),
      },
    ],
  },
];
