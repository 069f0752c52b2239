import type { Endpoint, HttpMethod } from '@sunset/rule-data';
import { OpenApiImportError, type SpecProblem } from '../problems.js';
import { childPointer, type JsonPointer } from './json-pointer.js';
import { expandServer, type DefaultHost } from './servers.js';

/** The HTTP methods an OpenAPI Path Item can hold, in the order the specification lists them. */
const pathItemMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** The methods Sunset's URL matcher and codemod know. */
const matchableMethods: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] satisfies readonly HttpMethod[];

/** One operation of a description, as a client calls it. */
export interface DescribedOperation {
  readonly file: string;
  readonly pointer: JsonPointer;
  /** `GET` */
  readonly method: string;
  /** The path as the description writes it: `/v1/items/{itemId}`. */
  readonly template: string;
  /** Method and full URL path with parameter names blanked: what stays the same when only names change. */
  readonly identity: string;
  /** The method and the description's path in Sunset's template syntax, when Sunset can match it; see `unmatchable` otherwise. */
  readonly endpoint: Endpoint | undefined;
  readonly unmatchable: string | undefined;
  /** The path of the first server that applies (`https://host/api` gives `/api`; `` for none). */
  readonly serverPath: string;
  /** The hosts of the servers that apply (none for relative server URLs). */
  readonly hosts: readonly string[];
  readonly operationId: string | undefined;
  readonly deprecated: boolean;
  /** The Operation Object, `$ref`s resolved. */
  readonly fields: Readonly<Record<string, unknown>>;
}

export interface Description {
  readonly file: string;
  readonly title: string;
  readonly operations: readonly DescribedOperation[];
  /** Every host of every server (root, path and operation level), in order of appearance. */
  readonly hosts: readonly string[];
  readonly defaultHosts: readonly DefaultHost[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{item-id}` → `{item_id}`: Sunset's templates name parameters like identifiers. */
const parameterName = (name: string): string => name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=\d)/, '_');

/** The path in Sunset's template syntax, or why Sunset cannot match it. */
function matchableTemplate(template: string): { path: string } | { unmatchable: string } {
  if (/\s/.test(template)) return { unmatchable: 'its path contains white space' };
  const segments = template.replace(/\/+$/, '').split('/').slice(1);
  const converted: string[] = [];
  for (const segment of segments) {
    const whole = /^\{([^{}]+)\}$/.exec(segment);
    if (whole) converted.push(`{${parameterName(whole[1]!)}}`);
    else if (/[{}]/.test(segment)) return { unmatchable: `its path segment "${segment}" mixes text and a parameter, which Sunset's URL matcher cannot match` };
    else converted.push(segment);
  }
  return { path: converted.map((segment) => `/${segment}`).join('') };
}

const blankParameters = (path: string): string => path.replace(/\{[^{}]*\}/g, '{}');

/**
 * Reads the operations of a dereferenced OpenAPI 3.0/3.1 document, each with the path of the first
 * server that applies to it (operation, path item, then document level), and the hosts of all servers.
 */
export function describeOperations(document: Record<string, unknown>, file: string): Description {
  const errors: SpecProblem[] = [];
  const hosts: string[] = [];
  const defaultHosts: DefaultHost[] = [];

  /** The path of the first server (the one a client uses unless told otherwise) and the hosts of all. */
  const readServers = (servers: unknown, pointer: JsonPointer): { path: string; hosts: string[] } => {
    const list = Array.isArray(servers) && servers.length > 0 ? servers : [{ url: '/' }];
    const paths: string[] = [];
    const serverHosts: string[] = [];
    list.forEach((server: unknown, index) => {
      const expanded = expandServer(server, childPointer(pointer, index));
      errors.push(...expanded.problems.map((problem) => ({ file, ...problem })));
      for (const url of expanded.urls) {
        paths.push(url.path);
        if (url.host !== undefined && !serverHosts.includes(url.host)) serverHosts.push(url.host);
        if (url.host !== undefined && !hosts.includes(url.host)) hosts.push(url.host);
      }
      for (const note of expanded.defaultHosts) if (!defaultHosts.some((known) => known.host === note.host)) defaultHosts.push(note);
    });
    return { path: paths[0] ?? '', hosts: serverHosts };
  };

  const rootServers = document['servers'];
  const rootServersPointer = Array.isArray(rootServers) && rootServers.length > 0 ? '#/servers' : '#';
  const operations: DescribedOperation[] = [];
  const paths = isRecord(document['paths']) ? document['paths'] : {};
  for (const [template, pathItem] of Object.entries(paths)) {
    if (!isRecord(pathItem)) continue;
    const pathPointer = childPointer('#/paths', template);
    for (const key of pathItemMethods) {
      const operation = pathItem[key];
      if (!isRecord(operation)) continue;
      const pointer = childPointer(pathPointer, key);
      const [servers, serversPointer] = Array.isArray(operation['servers']) && operation['servers'].length > 0
        ? [operation['servers'], childPointer(pointer, 'servers')]
        : Array.isArray(pathItem['servers']) && pathItem['servers'].length > 0
          ? [pathItem['servers'], childPointer(pathPointer, 'servers')]
          : [rootServers, rootServersPointer];
      const { path: serverPath, hosts: operationHosts } = readServers(servers, serversPointer);
      const method = key.toUpperCase();
      const matchable = matchableTemplate(template);
      const unmatchable = !matchableMethods.includes(method)
        ? `Sunset matches the methods ${matchableMethods.join(', ')} only`
        : 'unmatchable' in matchable
          ? matchable.unmatchable
          : matchable.path === ''
            ? 'the root path / would match every URL'
            : undefined;
      const operationId = operation['operationId'];
      operations.push({
        file,
        pointer,
        method,
        template,
        identity: `${method} ${blankParameters(`${serverPath}${template.replace(/\/+$/, '')}`)}`,
        endpoint: unmatchable === undefined && 'path' in matchable ? { method: method as HttpMethod, path: matchable.path } : undefined,
        unmatchable,
        serverPath,
        hosts: operationHosts,
        operationId: typeof operationId === 'string' && operationId !== '' ? operationId : undefined,
        deprecated: operation['deprecated'] === true,
        fields: operation,
      });
    }
  }
  if (errors.length > 0) throw new OpenApiImportError(errors);
  const info = isRecord(document['info']) ? document['info'] : {};
  const title = typeof info['title'] === 'string' && info['title'].trim() !== '' ? info['title'].trim() : 'OpenAPI description';
  return { file, title, operations, hosts, defaultHosts };
}

/** The operation an `x-successor` names: an operationId, or `METHOD /path` as the description (or a client) writes it. */
export function findOperation(description: Description, reference: string): DescribedOperation | undefined {
  const endpoint = /^([A-Za-z]+)\s+(\/\S*)$/.exec(reference.trim());
  if (endpoint === null) return description.operations.find((operation) => operation.operationId === reference.trim());
  const method = endpoint[1]!.toUpperCase();
  const path = blankParameters(endpoint[2]!.replace(/\/+$/, ''));
  const sameMethod = description.operations.filter((operation) => operation.method === method);
  return (
    sameMethod.find((operation) => blankParameters(operation.template.replace(/\/+$/, '')) === path) ??
    sameMethod.find((operation) => blankParameters(`${operation.serverPath}${operation.template.replace(/\/+$/, '')}`) === path)
  );
}

/** Is `reference` written as `METHOD /path` (rather than an operationId)? */
export const isEndpointReference = (reference: string): boolean => /^([A-Za-z]+)\s+(\/\S*)$/.test(reference.trim());
