import { upgradeFromTwoToThree } from '@scalar/openapi-upgrader/2.0-to-3.0';
import type { JsonPointer } from './json-pointer.js';

/**
 * The servers a Swagger 2.0 description's `host`, `basePath` and `schemes` stand for, as
 * @scalar/openapi-upgrader maps them to OpenAPI 3 (one server per scheme; `basePath` alone is a
 * relative server). Only these fields are converted: everything else Sunset reads (paths,
 * operations, `deprecated`, `x-` keys, parameters) is written the same in 2.0, and is read from the
 * file as published, so that every line and pointer in a message is the file's own.
 */
export function swaggerServers(document: Readonly<Record<string, unknown>>): { value: unknown; pointer: JsonPointer }[] {
  const { host, basePath, schemes } = document;
  const skeleton: Record<string, unknown> = { swagger: '2.0', info: { title: '', version: '' }, paths: {} };
  if (typeof host === 'string' && host !== '') skeleton['host'] = host;
  if (typeof basePath === 'string' && basePath !== '') skeleton['basePath'] = basePath;
  if (Array.isArray(schemes)) skeleton['schemes'] = schemes.filter((scheme) => typeof scheme === 'string');
  const upgraded = upgradeFromTwoToThree(skeleton) as { servers?: unknown };
  const pointer = skeleton['host'] !== undefined ? '#/host' : '#/basePath';
  return Array.isArray(upgraded.servers) ? upgraded.servers.map((value: unknown) => ({ value, pointer })) : [];
}
