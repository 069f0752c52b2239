import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Three small repositories of an organisation, as bare remotes a CI job would clone: different
// owners (two CODEOWNERS files, one repository without) and different findings.

export interface OrgRepository {
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
  /** What sunset check finds there on 2026-03-01: [file, line, entry, owners]. */
  readonly expected: readonly (readonly [string, number, string, readonly string[]])[];
}

export const orgRepositories: readonly OrgRepository[] = [
  {
    name: 'acme/web',
    files: {
      CODEOWNERS: '* @acme/web-team\n/src/reports/ @acme/data\n',
      'src/campaigns.ts': "import axios from 'axios';\nexport const list = () => axios.get('/v1/campaigns');\nexport const one = (id: string) => fetch(`/v1/campaigns/${id}`);\n",
      'src/reports/daily.ts': "export const daily = (body: string) => fetch('/v1/reportingstats/agency/reportdata', { method: 'POST', body });\n",
    },
    expected: [
      ['src/campaigns.ts', 2, 'campaigns-legacy-list', ['@acme/web-team']],
      ['src/campaigns.ts', 3, 'campaigns-legacy-get', ['@acme/web-team']],
      ['src/reports/daily.ts', 1, 'reporting-sync-reportdata', ['@acme/data']],
    ],
  },
  {
    name: 'acme/api',
    files: {
      '.github/CODEOWNERS': '* @acme/api-team\n/lib/soap.js @bob\n',
      'lib/soap.js': "import soap from 'soap';\nconst client = await soap.createClientAsync(process.env.WSDL);\nexport const campaigns = () => client.GetCampaignsAsync({});\n",
      'lib/dictionaries.ts': "import axios from 'axios';\nexport const managers = () => axios.get('/v1/campaigns/dictionaries/managers');\nexport const clients = () => axios.get('/v1/campaigns/dictionaries/clients');\n",
    },
    expected: [
      ['lib/dictionaries.ts', 2, 'campaign-dictionary-managers', ['@acme/api-team']],
      ['lib/dictionaries.ts', 3, 'campaign-dictionary-clients', ['@acme/api-team']],
      ['lib/soap.js', 3, 'campaigns-service-get-campaigns', ['@bob']],
    ],
  },
  {
    name: 'acme/billing',
    files: {
      'server/labels.ts': "export const labels = () => fetch('/v1/campaigns/dictionaries/labels');\n",
      'server/orders.ts': 'export const order = (c: string, o: string) => fetch(`/v1/campaigns/${c}/orders/${o}`);\n',
      'server/new-api.ts': "export const fine = () => fetch('/v1/buyer/campaigns');\n",
    },
    expected: [
      ['server/labels.ts', 1, 'campaign-dictionary-labels', ['server/']],
      ['server/orders.ts', 1, 'campaigns-legacy-order', ['server/']],
    ],
  },
];

const gitEnv = { GIT_AUTHOR_DATE: '2026-02-01T10:00:00Z', GIT_COMMITTER_DATE: '2026-02-01T10:00:00Z' };

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Sunset Tests', '-c', 'user.email=tests@example.com', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...gitEnv },
  });
}

/** Bare remotes under `<root>/remotes/<owner>/<name>.git`, one commit each; returns the root. */
export function makeOrgRemotes(extra: Readonly<Record<string, Readonly<Record<string, string>>>> = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sunset-org-'));
  const repositories = [...orgRepositories.map((repo) => [repo.name, repo.files] as const), ...Object.entries(extra)];
  for (const [name, files] of repositories) {
    const work = path.join(root, 'work', name);
    mkdirSync(work, { recursive: true });
    git(work, 'init', '-q');
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      writeFileSync(path.join(work, file), text);
    }
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', `${name}: first commit`);
    const bare = path.join(root, 'remotes', `${name}.git`);
    mkdirSync(path.dirname(bare), { recursive: true });
    git(root, 'clone', '-q', '--bare', work, bare);
  }
  return root;
}
