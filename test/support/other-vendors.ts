import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { repoRoot } from './legacy-app.js';

/** Issue 26's fixture: three other vendors' clients whose paths have the shapes of retired ones. */
export const otherVendorsDir = path.join(repoRoot, 'fixtures/other-vendors');

/** The other vendors' hosts the fixture's code names. */
export const otherVendorHosts = ['adsapi.snapchat.com', 'api.givebutter.com', 'displayvideo.googleapis.com'] as const;

/** Every request to a retired path in the fixture: `file:line:column rule retiredKey @host`. */
export function otherVendorRequests(): string[] {
  return (JSON.parse(readFileSync(path.join(otherVendorsDir, 'expected-findings.json'), 'utf8')) as { requests: string[] }).requests;
}

/** The same request sent to api.adform.com. */
export const onAdformHost = (request: string): string => request.replace(/@\S+$/, '@api.adform.com');

/**
 * The positive control: the fixture copied into `target` (an empty folder) with every other vendor's
 * host replaced by api.adform.com, so each of its retired calls is the built-in API's. Throws when a
 * file still names one of those hosts afterwards.
 */
export function copyPointedAtAdform(target: string): string {
  cpSync(otherVendorsDir, target, { recursive: true });
  const hostPattern = new RegExp(otherVendorHosts.map((host) => host.replaceAll('.', '\\.')).join('|'), 'g');
  for (const file of fg.sync('src/**/*', { cwd: target, absolute: true })) writeFileSync(file, readFileSync(file, 'utf8').replace(hostPattern, 'api.adform.com'));
  const left = fg.sync('**/*', { cwd: target, absolute: true }).filter((file) => otherVendorHosts.some((host) => readFileSync(file, 'utf8').includes(host)));
  if (left.some((file) => file.includes(`${path.sep}src${path.sep}`))) throw new Error(`Other vendors' hosts are left in ${left.join(', ')}.`);
  return target;
}
