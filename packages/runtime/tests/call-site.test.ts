import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callerFromStack, captureStack } from '../src/caller/call-site.js';
import { siteOf } from './support/call-sites.js';

const runtimeSrc = fileURLToPath(new URL('../src/observer.ts', import.meta.url));

describe('callerFromStack', () => {
  it('skips node internals, node_modules and this package, and reads file URLs as paths', () => {
    const stack = [
      'Error',
      `    at Object.checkRequest (${runtimeSrc}:80:21)`,
      '    at Channel.publish (node:diagnostics_channel:150:9)',
      '    at new Request (node:internal/deps/undici/undici:2146:27)',
      '    at Axios.request (/app/node_modules/axios/lib/core/Axios.js:74:25)',
      '    at new Promise (<anonymous>)',
      '    at async loadCampaigns (file:///app/src/campaigns%20v1.mjs:12:7)',
      '    at main (/app/src/main.mjs:3:1)',
    ].join('\n');
    expect(callerFromStack(stack)).toEqual({ file: '/app/src/campaigns v1.mjs', line: 12, column: 7 });
  });

  it('reads anonymous V8 frames and Gecko/WebKit frames', () => {
    expect(callerFromStack('Error\n    at /app/a.js:5:9')).toEqual({ file: '/app/a.js', line: 5, column: 9 });
    expect(callerFromStack('load@https://app.example.com/assets/app.js:10:4\n@https://app.example.com/assets/app.js:1:1')).toEqual({
      file: 'https://app.example.com/assets/app.js',
      line: 10,
      column: 4,
    });
  });

  it('gives undefined when only libraries are on the stack', () => {
    expect(callerFromStack('Error\n    at Request._makeRequest (/app/node_modules/got/dist/source/core/index.js:1138:37)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)')).toBeUndefined();
    expect(callerFromStack(undefined)).toBeUndefined();
  });

  it('finds this test as the caller of a captured stack', () => {
    const stack = captureStack(); // site: capture
    expect(callerFromStack(stack())).toEqual(siteOf(import.meta.url, 'capture', 'captureStack'));
  });
});
