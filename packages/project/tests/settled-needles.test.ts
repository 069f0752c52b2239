import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProjectCheck } from '@sunset/project';
import { sunsetOptions, writeTree } from '../../engine/tests/helpers.js';

// --project leaves to the first pass a module that shares nothing with another file and whose retired
// paths all went to another vendor's host it names (issue 24: 1,000 of the 1,465 files loaded at 50k).

const other = "const OTHER_VENDOR = 'https://api.givebutter.example';\nexport const load = () => fetch(`${OTHER_VENDOR}/v1/campaigns`);\n";

describe('--project: a needle the first pass settled in its own file', () => {
  it('is not loaded when the module shares nothing; it is when a base is written there, or when another file imports it', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'sunset-settled-needles-'));
    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', allowJs: true, noEmit: true, types: [] } }),
      'src/partner.ts': other,
      'src/partner-with-base.ts': `${other}import axios from 'axios';\nfunction make() {\n  return axios.create({ baseURL: 'https://api.adform.com/v1' });\n}\nexport const list = () => make().get('/campaigns');\n`,
      'src/shared-partner.ts': other,
      'src/uses.ts': "import { load } from './shared-partner';\nexport const run = () => load();\n",
      'src/ours.ts': "export const ours = () => fetch('https://api.adform.com/v1/campaigns');\n",
    };
    writeTree(work, files);
    const result = await runProjectCheck({ cwd: work, paths: ['src'], options: sunsetOptions(), baseDir: work });
    expect(result.findings.map((finding) => `${path.relative(work, finding.file)}:${finding.line}:${finding.column} ${finding.retirement?.retiredKey}`)).toEqual([
      'src/ours.ts:1:33 GET /v1/campaigns',
      'src/partner-with-base.ts:7:38 GET /v1/campaigns',
    ]);
    // ours.ts and partner-with-base.ts hold a needle; shared-partner.ts and uses.ts share it; partner.ts is left out.
    expect(result.loaded).toBe(4);
    expect(result.otherHostCount).toBe(3);
  });

  it('says when its first pass is over, once, before it selects the files to load (sunset check releases its default-mode holds there)', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'sunset-first-pass-'));
    writeTree(work, {
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', allowJs: true, noEmit: true, types: [] } }),
      'src/ours.ts': "export const ours = () => fetch('https://api.adform.com/v1/campaigns');\n",
    });
    const heard: string[] = [];

    await runProjectCheck({ cwd: work, paths: ['src'], options: sunsetOptions(), baseDir: work, onProgress: (message) => heard.push(message), onFirstPass: () => heard.push('first pass over') });

    expect(heard.slice(0, 3)).toEqual(['checking every file as sunset check does', 'first pass over', 'selecting among 1 files']);
    expect(heard.filter((message) => message === 'first pass over')).toHaveLength(1);
  });
});
