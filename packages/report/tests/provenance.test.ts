import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { resolveConfig } from '@sunset/engine';
import { describe, expect, it } from 'vitest';
import { provenanceOf, type ProvenanceInput } from '../src/provenance/provenance.js';
import { repositoryFromRemote } from '../src/provenance/remote-url.js';
import { throwawayRepo } from './support/git-repo.js';

describe('repositoryFromRemote', () => {
  it.each([
    ['https://github.com/acme/web.git', { name: 'acme/web', url: 'https://github.com/acme/web', platform: 'github' }],
    ['https://x-access-token:ghs_secret@github.com/acme/web', { name: 'acme/web', url: 'https://github.com/acme/web', platform: 'github' }],
    ['git@gitlab.com:group/sub/project.git', { name: 'group/sub/project', url: 'https://gitlab.com/group/sub/project', platform: 'gitlab' }],
    ['ssh://git@git.example.com:2222/team/api.git', { name: 'team/api', url: 'https://git.example.com/team/api' }],
    ['https://gitlab-ci-token:glcbt-64_secret@gitlab.example.com/acme/billing.git', { name: 'acme/billing', url: 'https://gitlab.example.com/acme/billing' }],
    ['/srv/git/acme/legacy.git', { name: 'legacy' }],
    ['file:///srv/git/legacy/', { name: 'legacy' }],
  ])('reads %s without its credentials', (remote, expected) => {
    expect(repositoryFromRemote(remote)).toEqual(expected);
    expect(JSON.stringify(repositoryFromRemote(remote))).not.toContain('secret');
  });

  it('reads nothing from an empty remote', () => {
    expect(repositoryFromRemote('  ')).toBeUndefined();
  });
});

describe('provenanceOf', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  async function provenance(cwd: string, env: ProvenanceInput['env'] = {}, repoName?: string): ReturnType<typeof provenanceOf> {
    const config = await resolveConfig(cwd, { asOf: '2026-03-01' }, now);
    return provenanceOf({ cwd, env, now, repoName, config, ownership: 'top-level-folder', tool: 'sunset check', toolVersion: '9.9.9', ruleDataVersion: '1.2.3' });
  }

  it('names the repository from --repo-name, then the CI variable of its own checkout, then origin, then the folder', async () => {
    const repo = throwawayRepo('sunset-provenance-');
    const commit = repo.commit({ 'src/a.ts': 'export {};\n' }, '2026-02-01T10:00:00Z');
    const folder = path.basename(repo.dir);
    expect(await provenance(repo.dir)).toEqual({
      repository: folder,
      repositoryFrom: 'folder',
      commit,
      committedAt: '2026-02-01T10:00:00.000Z',
      directory: '',
      date: '2026-03-01T12:00:00.000Z',
      tool: 'sunset check',
      toolVersion: '9.9.9',
      ruleDataVersion: '1.2.3',
      configFile: null,
      configDigest: expect.stringMatching(/^sha256:[0-9a-f]{16}$/) as unknown as string,
      ownership: 'top-level-folder',
    });
    repo.git('remote', 'add', 'origin', 'https://x-access-token:ghs_secret@github.com/acme/web.git');
    expect(await provenance(repo.dir)).toMatchObject({ repository: 'acme/web', repositoryFrom: 'origin', url: 'https://github.com/acme/web', platform: 'github' });
    // The CI's variable names the repository of the CI's own checkout...
    const ownCheckout = { GITHUB_REPOSITORY: 'acme/inventory', GITHUB_WORKSPACE: repo.dir, GITHUB_SERVER_URL: 'https://github.example.com' };
    expect(await provenance(repo.dir, ownCheckout)).toMatchObject({ repository: 'acme/inventory', repositoryFrom: 'GITHUB_REPOSITORY', url: 'https://github.example.com/acme/inventory', platform: 'github' });
    // ...not of another repository checked out inside it (an organisation's matrix job).
    const elsewhere = { GITHUB_REPOSITORY: 'acme/inventory', GITHUB_WORKSPACE: path.dirname(repo.dir) };
    expect(await provenance(repo.dir, elsewhere)).toMatchObject({ repository: 'acme/web', repositoryFrom: 'origin' });
    expect(await provenance(repo.dir, { CI_PROJECT_PATH: 'group/web', CI_PROJECT_DIR: repo.dir, CI_PROJECT_URL: 'https://gitlab.example.com/group/web' })).toMatchObject({
      repository: 'group/web',
      repositoryFrom: 'CI_PROJECT_PATH',
      url: 'https://gitlab.example.com/group/web',
      platform: 'gitlab',
    });
    expect(await provenance(repo.dir, ownCheckout, 'acme/named')).toMatchObject({ repository: 'acme/named', repositoryFrom: 'flag' });
    expect(JSON.stringify(await provenance(repo.dir))).not.toContain('secret');
  });

  it('knows a self-hosted GitHub or GitLab remote by the CI server it runs on', async () => {
    const repo = throwawayRepo('sunset-provenance-');
    repo.commit({ 'src/a.ts': 'export {};\n' }, '2026-02-01T10:00:00Z');
    repo.git('remote', 'add', 'origin', 'https://gitlab-ci-token:glcbt-secret@gitlab.example.com/acme/web.git');
    expect(await provenance(repo.dir)).toMatchObject({ repository: 'acme/web', url: 'https://gitlab.example.com/acme/web' });
    expect((await provenance(repo.dir)).platform).toBeUndefined();
    expect(await provenance(repo.dir, { CI_SERVER_HOST: 'gitlab.example.com', CI_PROJECT_PATH: 'acme/inventory', CI_PROJECT_DIR: path.dirname(repo.dir) })).toMatchObject({
      repository: 'acme/web',
      repositoryFrom: 'origin',
      platform: 'gitlab',
    });
    expect((await provenance(repo.dir, { GITHUB_SERVER_URL: 'https://github.example.com' })).platform).toBeUndefined();
  });

  it('records the working directory inside the repository, the config file, and a digest that changes with the options', async () => {
    const repo = throwawayRepo('sunset-provenance-');
    repo.commit({ 'packages/web/sunset.config.json': '{"apiHosts":["api.example.com"]}', 'packages/web/src/a.ts': 'export {};\n' }, '2026-02-01T10:00:00Z');
    const web = path.join(repo.dir, 'packages/web');
    const first = await provenance(web);
    expect(first).toMatchObject({ directory: 'packages/web', configFile: 'packages/web/sunset.config.json' });
    repo.commit({ 'packages/web/sunset.config.json': '{"apiHosts":["api.example.org"]}' }, '2026-02-02T10:00:00Z');
    const second = await provenance(web);
    expect(second.configDigest).not.toBe(first.configDigest);
    // An imported API's hosts decide findings as apiHosts do.
    const withApi = (host: string): string => JSON.stringify({ apiHosts: ['api.example.org'], apis: { vendor: { hosts: [host] } } });
    repo.commit({ 'packages/web/sunset.config.json': withApi('api.vendor.example') }, '2026-02-03T10:00:00Z');
    const third = await provenance(web);
    repo.commit({ 'packages/web/sunset.config.json': withApi('gateway.vendor.example') }, '2026-02-04T10:00:00Z');
    expect(new Set([first.configDigest, second.configDigest, third.configDigest, (await provenance(web)).configDigest]).size).toBe(4);
  });

  it('has no commit outside git, and names the folder', async () => {
    const dir = path.join(throwawayRepo('sunset-provenance-').dir, 'not-yet');
    mkdirSync(dir);
    // A repository without commits: HEAD is nothing yet.
    expect(await provenance(dir)).toMatchObject({ commit: null, directory: 'not-yet' });
  });
});
