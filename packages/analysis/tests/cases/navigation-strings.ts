import type { Case } from '../harness.js';

// URL-shaped strings that are the app's own navigation, a server's OpenAPI description, or a query key
// beside the function that makes the request: no request of the client (requests/navigation-strings.ts).
// Each look-alike next to them is still a string to check.

const clientsString = { id: 'campaign-dictionary-clients', key: '/v1/campaigns/dictionaries/clients', form: 'url-string', migration: 'rewrite' } as const;

const NAV = [
  "import Link from 'next/link';",
  'export function A({ router }: { router: any }) {',
  '  const go = useRedirect();',
  '  return (',
  '    <div>',
  '      <Link href="/v1/campaigns/dictionaries/managers">Managers</Link>',
  "      <button onClick={() => go('/v1/campaigns/dictionaries/managers')} />",
  '      <a href="/v1/campaigns/dictionaries/clients">Export</a>',
  "      <button onClick={() => router.push({ path: '/v1/campaigns/dictionaries/managers' })} />",
  '    </div>',
  '  );',
  '}',
  'export function b(this: any, res: any) {',
  "  res.redirect('/v1/campaigns/dictionaries/clients');",
  "  this.$router.push('/v1/campaigns/dictionaries/managers');",
  "  goto('/v1/campaigns/dictionaries/managers');",
  "  redirect('/v1/campaigns/dictionaries/managers');",
  '}',
];

const withLine = (lines: readonly string[], at: number, text: string): string => lines.map((line, index) => (index === at ? text : line)).join('\n');

const ROUTER_LINKS = [
  "import { Link, Navigate, useNavigate } from 'react-router-dom';",
  'export function Nav({ id }: { id: string }) {',
  '  const navigate = useNavigate();',
  '  return (',
  '    <nav>',
  '      <Link to="/v1/campaigns/dictionaries/managers">Managers</Link>',
  "      <Navigate to={'/v1/campaigns/dictionaries/managers'} />",
  "      <button onClick={() => navigate('/v1/campaigns/dictionaries/managers')}>Managers</button>",
  '      <button onClick={() => navigate(`/v1/campaigns/${id}`)}>One</button>',
  '      <a href="https://api.adform.com/v1/campaigns/dictionaries/clients">Export</a>',
  '    </nav>',
  '  );',
  '}',
];

const ROUTER_CALLS = [
  'export class CampaignsComponent {',
  '  open(id: string) {',
  "    this.router.navigate(['/v1/campaigns/dictionaries/managers', id]);",
  "    this.router.navigateByUrl('/v1/campaigns/dictionaries/managers');",
  "    history.push('/v1/campaigns/dictionaries/managers');",
  "    router.replace('/v1/campaigns/dictionaries/managers');",
  "    urls.push('/v1/campaigns/dictionaries/clients');",
  '  }',
  '}',
];

const ROUTE_TABLES = [
  'export const routes = [',
  "  { path: 'v1/campaigns/dictionaries/managers', component: ManagersComponent },",
  "  { path: 'v1/campaigns/dictionaries/comanagers', loadChildren: () => import('./co') },",
  "  { path: 'legacy', redirectTo: '/v1/campaigns/dictionaries/managers', pathMatch: 'full' },",
  '];',
  "export const MENU = [{ title: 'Campaigns', icon: 'list-outline', link: '/v1/campaigns/dictionaries/managers' }];",
  "export const request = { path: '/v1/campaigns/dictionaries/clients', method: 'GET' };",
  "export const links = { link: '/v1/campaigns/dictionaries/clients' };",
];

const OPENAPI_PATHS = [
  'module.exports = {',
  "  openapi: '3.0.0',",
  '  paths: {',
  "    '/v1/campaigns/dictionaries/managers': { get: { summary: 'List managers' } },",
  "    '/v1/campaigns/{id}': { get: { summary: 'One campaign' } },",
  '  },',
  '};',
  "export const fixtures = { '/v1/campaigns/dictionaries/clients': [] };",
];

const QUERY_KEYS = [
  "const adform = axios.create({ baseURL: 'https://api.adform.com' });",
  "export const one = () => useQuery({ queryKey: ['/v1/campaigns/dictionaries/managers'], queryFn: () => adform.get('/v1/campaigns/dictionaries/managers') });",
  "export const two = () => useQuery(['/v1/campaigns/dictionaries/managers'], () => adform.get('/v1/campaigns/dictionaries/managers'));",
  "export const three = () => useQuery({ queryKey: ['/v1/campaigns/dictionaries/clients'], queryFn: ({ queryKey }) => fetch(queryKey[0]) });",
];

// Links written relative (a page of the app) beside links that name a host or start with a base (a GET of that URL).
const DOWNLOAD_LINKS = [
  'export function Exports() {',
  '  return (',
  '    <nav>',
  '      <a href="/v1/campaigns/dictionaries/labels" download>Labels</a>',
  '      <a href="/v1/campaigns/dictionaries/clients">Clients</a>',
  '    </nav>',
  '  );',
  '}',
];

const LINKS = [
  "import { Link } from 'react-router-dom';",
  "const API = 'https://api.adform.com';",
  'export function Links({ id }: { id: string }) {',
  '  return (',
  '    <nav>',
  '      <a href={`/v1/campaigns/${id}`}>One</a>',
  '      <Link to={`/v1/campaigns/${id}`}>One</Link>',
  "      <a href={'/v1/campaigns/dictionaries/managers' + '?page=1'}>Managers</a>",
  '      <a href={`${API}/v1/campaigns/dictionaries/clients`}>Export</a>',
  '      <a href={`${process.env.API}/v1/campaigns/dictionaries/comanagers`}>Export</a>',
  '      <Link to="https://api.adform.com/v1/campaigns/dictionaries/managers">Managers</Link>',
  '      <a href="https://ads.example.com/v1/campaigns/dictionaries/clients">Elsewhere</a>',
  '      <area href="/v1/campaigns/dictionaries/labels" />',
  '    </nav>',
  '  );',
  '}',
];

export const navigationStringCases: Case[] = [
  {
    name: 'a relative link is a page of the app, an <a href> as a router <Link to> is; a link that names the API host or starts with a base is a GET of the API; another host is not ours',
    code: LINKS.join('\n'),
    jsx: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      { ...clientsString, at: '`${API}/v1/campaigns/dictionaries/clients`', output: withLine(LINKS, 8, '      <a href={`${API}/v1/buyer/advertisers`}>Export</a>') },
      {
        id: 'campaign-dictionary-comanagers', key: '/v1/campaigns/dictionaries/comanagers', form: 'url-string', migration: 'rewrite', at: '`${process.env.API}/v1/campaigns/dictionaries/comanagers`',
        output: withLine(LINKS, 9, '      <a href={`${process.env.API}/v1/buyer/classifiers/managers`}>Export</a>'),
      },
      {
        id: 'campaign-dictionary-managers', key: '/v1/campaigns/dictionaries/managers', form: 'url-string', migration: 'rewrite', at: '"https://api.adform.com/v1/campaigns/dictionaries/managers"',
        output: withLine(LINKS, 10, '      <Link to="https://api.adform.com/v1/buyer/classifiers/managers">Managers</Link>'),
      },
      { id: 'campaign-dictionary-labels', key: '/v1/campaigns/dictionaries/labels', form: 'url-string', migration: 'todo', at: '"/v1/campaigns/dictionaries/labels"' },
    ],
  },
  {
    name: 'a relative <a href> with download is a GET the app may proxy to the API, not a page; the same link without it is a page',
    code: DOWNLOAD_LINKS.join('\n'),
    jsx: true,
    expected: [{ id: 'campaign-dictionary-labels', key: '/v1/campaigns/dictionaries/labels', form: 'url-string', migration: 'todo', at: '"/v1/campaigns/dictionaries/labels"' }],
  },
  {
    name: "a router link's `to` and a navigate call are the app's routes; an <a href> to the API is a request of the browser",
    code: ROUTER_LINKS.join('\n'),
    jsx: true,
    expected: [
      {
        ...clientsString, at: '"https://api.adform.com/v1/campaigns/dictionaries/clients"',
        output: withLine(ROUTER_LINKS, 9, '      <a href="https://api.adform.com/v1/buyer/advertisers">Export</a>'),
      },
    ],
  },
  {
    name: "Angular's and Vue's router calls, history.push and router.replace are navigation; an array's push is not",
    code: ROUTER_CALLS.join('\n'),
    js: false,
    expected: [
      {
        ...clientsString, at: "'/v1/campaigns/dictionaries/clients'",
        output: withLine(ROUTER_CALLS, 6, "    urls.push('/v1/buyer/advertisers');"),
      },
    ],
  },
  {
    name: 'a route table and a menu item are navigation; an object with a path and a method, or a link without a title, is not',
    code: ROUTE_TABLES.join('\n'),
    js: true,
    expected: [
      {
        ...clientsString, at: "'/v1/campaigns/dictionaries/clients'",
        output: withLine(ROUTE_TABLES, 6, "export const request = { path: '/v1/buyer/advertisers', method: 'GET' };"),
      },
      {
        ...clientsString, at: "'/v1/campaigns/dictionaries/clients'", occurrence: 2,
        output: withLine(ROUTE_TABLES, 7, "export const links = { link: '/v1/buyer/advertisers' };"),
      },
    ],
  },
  {
    name: "the keys of an OpenAPI description's paths describe a server; a map keyed by URL elsewhere is still read",
    code: OPENAPI_PATHS.join('\n'),
    js: true,
    expected: [
      {
        ...clientsString, at: "'/v1/campaigns/dictionaries/clients'",
        output: withLine(OPENAPI_PATHS, 7, "export const fixtures = { '/v1/buyer/advertisers': [] };"),
      },
    ],
  },
  {
    name: 'a React Query key beside a queryFn that makes the request is one request with it; a key the query function may fetch is still a string',
    code: QUERY_KEYS.join('\n'),
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'axios', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'", occurrence: 2,
        output: withLine(QUERY_KEYS, 1, "export const one = () => useQuery({ queryKey: ['/v1/campaigns/dictionaries/managers'], queryFn: () => adform.get('/v1/buyer/classifiers/managers') });"),
      },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'axios', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'", occurrence: 4,
        output: withLine(QUERY_KEYS, 2, "export const two = () => useQuery(['/v1/campaigns/dictionaries/managers'], () => adform.get('/v1/buyer/classifiers/managers'));"),
      },
      {
        ...clientsString, at: "'/v1/campaigns/dictionaries/clients'",
        output: withLine(QUERY_KEYS, 3, "export const three = () => useQuery({ queryKey: ['/v1/buyer/advertisers'], queryFn: ({ queryKey }) => fetch(queryKey[0]) });"),
      },
    ],
  },
  {
    name: "Next's <Link href>, Vue's $router.push, a location object, goto, redirect, a navigation hook's result and a relative <a href> are navigation; res.redirect is not",
    code: NAV.join('\n'),
    jsx: true,
    expected: [
      {
        ...clientsString, at: "'/v1/campaigns/dictionaries/clients'",
        output: NAV.map((line, index) => (index === 13 ? "  res.redirect('/v1/buyer/advertisers');" : line)).join('\n'),
      },
    ],
  },
];
