import { describe, expect, it } from 'vitest';
import { parseCodeowners } from '../src/owners/codeowners.js';

describe('parseCodeowners', () => {
  it('gives the owners of the last matching rule (GitHub)', () => {
    const owners = parseCodeowners(['# comment', '*       @org/all', '/src/etl/   @org/data', 'src/web/**  @org/web @alice', '*.md    @docs  # inline comment'].join('\n'));
    expect(owners.ownersOf('package.json')).toEqual(['@org/all']);
    expect(owners.ownersOf('src/etl/sync.ts')).toEqual(['@org/data']);
    expect(owners.ownersOf('src/web/react/Table.tsx')).toEqual(['@org/web', '@alice']);
    expect(owners.ownersOf('src/etl/README.md')).toEqual(['@docs']);
    // `/src/etl/` is anchored: a nested folder of the same name is not it.
    expect(owners.ownersOf('lib/src/etl/x.ts')).toEqual(['@org/all']);
  });

  it('leaves a path unowned when the last matching rule names nobody', () => {
    const owners = parseCodeowners('*  @org/all\n/generated/\n');
    expect(owners.ownersOf('generated/api.ts')).toEqual([]);
    expect(owners.ownersOf('src/api.ts')).toEqual(['@org/all']);
  });

  it('matches unanchored names anywhere and reads escaped spaces', () => {
    const owners = parseCodeowners('apps/  @apps\nmy\\ folder/  @spaces\n');
    expect(owners.ownersOf('packages/apps/x.ts')).toEqual(['@apps']);
    expect(owners.ownersOf('my folder/x.ts')).toEqual(['@spaces']);
  });

  it('combines the owners of GitLab sections, with section defaults and optional sections', () => {
    const text = ['* @gl/all', '[Backend][2] @gl/backend', 'src/etl/', 'src/etl/reports/ @gl/reports', '^[Docs]', '*.md @gl/docs'].join('\n');
    const owners = parseCodeowners(text);
    expect(owners.ownersOf('src/etl/sync.ts')).toEqual(['@gl/all', '@gl/backend']);
    expect(owners.ownersOf('src/etl/reports/run.ts')).toEqual(['@gl/all', '@gl/reports']);
    expect(owners.ownersOf('src/etl/README.md')).toEqual(['@gl/all', '@gl/backend', '@gl/docs']);
  });

  it('owns nothing outside the repository', () => {
    expect(parseCodeowners('* @org/all').ownersOf('../elsewhere/x.ts')).toEqual([]);
  });
});
