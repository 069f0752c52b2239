import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { installRuntime } from '../src/node/install.js';
import { createObserver } from '../src/observer.js';

const srcDir = fileURLToPath(new URL('../src/', import.meta.url));
const configSrcDir = fileURLToPath(new URL('../../config/src/', import.meta.url));

/** Every module `entry` loads, following relative imports, with the non-relative specifiers each imports. */
function moduleGraph(entry: string, dir = srcDir): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string): void => {
    if (graph.has(file)) return;
    const specifiers = [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1]!);
    graph.set(file, specifiers.filter((specifier) => !specifier.startsWith('.')));
    for (const specifier of specifiers.filter((specifier) => specifier.startsWith('.'))) visit(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')));
  };
  visit(path.join(dir, entry));
  return graph;
}

describe('the browser entry (package.json "browser" condition)', () => {
  it('loads no node: module, only rule-data and config (which reads the options as the static tools do)', () => {
    const graph = moduleGraph('browser.ts');
    expect(graph.has(path.join(srcDir, 'hooks/fetch.ts'))).toBe(true);
    expect(new Set([...graph.values()].flat())).toEqual(new Set(['@sunset/rule-data', '@sunset/config']));
  });

  it('loads a config that loads no node: module either, only rule-data', () => {
    const graph = moduleGraph('index.ts', configSrcDir);
    expect(graph.has(path.join(configSrcDir, 'hosts.ts'))).toBe(true);
    expect(new Set([...graph.values()].flat())).toEqual(new Set(['@sunset/rule-data']));
  });

  it('is what the Node entry exports, plus the Node-only functions', async () => {
    const browser = Object.keys(await import('../src/browser.js')).sort();
    const node = Object.keys(await import('../src/index.js')).sort();
    expect(node.filter((name) => !browser.includes(name))).toEqual(['createNodeObserver', 'installRuntime', 'nodeObserverOutput', 'parseRuntimeRecordText', 'readRuntimeRecord']);
  });
});

describe('installRuntime', () => {
  it('wraps request and get of node:http and node:https, and puts the originals back', () => {
    const originals = [http.request, http.get, https.request, https.get];
    const uninstall = installRuntime(createObserver({ asOf: '2026-03-01' }, { warn: () => undefined }));
    const wrapped = [http.request, http.get, https.request, https.get];
    uninstall();
    expect(wrapped.map((wrapper, index) => wrapper !== originals[index] && wrapper.name === originals[index]!.name)).toEqual([true, true, true, true]);
    expect([http.request, http.get, https.request, https.get]).toEqual(originals);
  });
});
