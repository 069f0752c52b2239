import type { Endpoint, HttpMethod } from '@sunset/rule-data';
import { OpenApiImportError, type SpecProblem } from '../problems.js';
import { describeChain, type DocumentSet, type LoadedDocument, type RefFailure, type Resolution, type Site } from './documents.js';
import { childPointer, type JsonPointer } from './json-pointer.js';
import { expandServer } from './servers.js';
import { swaggerServers } from './swagger-servers.js';

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
  /** The full URL path with parameter names blanked: the same for every method of one path. */
  readonly pathIdentity: string;
  /** The method and the description's path in Sunset's template syntax, when Sunset can match it; see `unmatchable` otherwise. */
  readonly endpoint: Endpoint | undefined;
  readonly unmatchable: string | undefined;
  /** The path of the first server that applies (`https://host/api` gives `/api`; `` for none). */
  readonly serverPath: string;
  /** The hosts of the servers that apply (operation, else path item, else document level; none for relative server URLs). */
  readonly hosts: readonly string[];
  /** The path of every server URL that applies (`/v1`; `` for the root), in order of appearance. */
  readonly basePaths: readonly string[];
  /** The servers that apply whose host cannot be known: then the operation is called on every host. */
  readonly unknownHosts: readonly UnknownHost[];
  /** The servers that apply that Sunset cannot read (not a URL, a variable without a value): left out of `hosts`. */
  readonly serverProblems: readonly SpecProblem[];
  readonly operationId: string | undefined;
  readonly deprecated: boolean;
  /** The Operation Object, with the `$ref`s of the fields Sunset reads resolved. */
  readonly fields: Readonly<Record<string, unknown>>;
}

/** Why the hosts of an API cannot be known: a relative server URL, or a host from a variable's default. */
export interface UnknownHost {
  readonly file: string;
  readonly pointer: JsonPointer;
  readonly why: string;
}

export interface Description {
  readonly file: string;
  readonly title: string;
  /** `2.0` for Swagger 2.0 (its host, basePath and schemes read as servers), else the `openapi` version. */
  readonly version: string;
  readonly operations: readonly DescribedOperation[];
  /** Every host of every server (root, path and operation level), in order of appearance. */
  readonly hosts: readonly string[];
  /** The files it was read from, to locate problems in them. */
  readonly documents: DocumentSet;
}

/** The servers that apply to an operation, as `DescribedOperation` lists them. */
interface OperationServers {
  readonly path: string;
  readonly hosts: readonly string[];
  readonly basePaths: readonly string[];
  readonly unknownHosts: readonly UnknownHost[];
  readonly problems: readonly SpecProblem[];
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

/** The fields of an operation that Sunset reads, whose `$ref`s it follows. */
export const readOperationFields = ['deprecated', 'operationId', 'servers', 'parameters', 'x-sunset', 'x-deprecated-at', 'x-deprecation-date', 'x-successor', 'x-replaced-by', 'x-migration-target'] as const;

/** A parameter `$ref` whose target cannot be reached: where it is written, and why. */
interface Unreached {
  readonly refSite: Site;
  readonly failure: RefFailure;
  readonly chain: readonly Site[];
}

/** The parameters of a path item or an operation that Sunset could read, and the `$ref`s it could not. */
interface Parameters {
  readonly values: readonly unknown[];
  readonly unreached: readonly Unreached[];
}

const noParameters: Parameters = { values: [], unreached: [] };

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`);

/** What the version fields say: `2.0`, `3.x.y`, or why Sunset cannot read the document. */
function versionOf(document: Record<string, unknown>): { version: string } | { problem: SpecProblem & { pointer: JsonPointer } } {
  const { openapi, swagger } = document;
  if (typeof openapi === 'string' && /^3\.\d+(\.\d+)?(-.+)?$/.test(openapi)) return { version: openapi };
  if (swagger === '2.0' || swagger === 2) return { version: '2.0' };
  if (openapi !== undefined) return { problem: { file: '', pointer: '#/openapi', message: `${JSON.stringify(openapi)} is not an OpenAPI version Sunset reads; it reads OpenAPI 3.0, 3.1 and 3.2, and Swagger 2.0.` } };
  if (swagger !== undefined) return { problem: { file: '', pointer: '#/swagger', message: `${JSON.stringify(swagger)} is not a Swagger version Sunset reads; it reads Swagger 2.0, and OpenAPI 3.0, 3.1 and 3.2.` } };
  return { problem: { file: '', pointer: '#', message: 'is not an OpenAPI description: it has no "openapi" (3.x) or "swagger" ("2.0") field.' } };
}

/**
 * Reads the operations of a description, following only the `$ref`s of what Sunset reads: the
 * paths, their path items, operations and parameters, the fields in `readOperationFields` and the
 * servers (operation, path item, then document level; Swagger 2.0's host, basePath and schemes).
 * A `$ref` there that leads nowhere, in a circle or to a value of the wrong kind is an error that
 * names the `$ref` chain — except a parameter that leads nowhere while the path template's
 * parameters are all declared (`requirePathParameters`); everything else is left as it is written.
 */
export async function readDescription(documents: DocumentSet, root: LoadedDocument): Promise<Description> {
  const errors: SpecProblem[] = [];
  const hosts: string[] = [];
  const fail = (message: string, pointer?: JsonPointer): never => {
    throw new OpenApiImportError(documents.locate([{ file: root.name, ...(pointer === undefined ? {} : { pointer }), message }]));
  };
  if (!isRecord(root.value)) return fail(`is not an OpenAPI description: it holds ${typeOf(root.value)}, not an object.`);
  const document = root.value;
  const versionReading = versionOf(document);
  if ('problem' in versionReading) return fail(versionReading.problem.message, versionReading.problem.pointer);
  const { version } = versionReading;

  /** The value with its `$ref`s followed, or undefined (and an error) when Sunset cannot have it. */
  const needed = async (value: unknown, site: Site, what: string, accepts: (value: unknown) => boolean): Promise<{ value: unknown; site: Site } | undefined> =>
    judge(await documents.resolve(value, site, 'needed'), site, what, accepts);
  /** A resolution Sunset needs: its value, or undefined (and an error) when it failed or is not `what`. */
  const judge = (resolution: Resolution, site: Site, what: string, accepts: (value: unknown) => boolean): { value: unknown; site: Site } | undefined => {
    if ('failure' in resolution) {
      const refSite = resolution.chain.at(-1) ?? site;
      const via = resolution.chain.length > 1 && resolution.failure.circular !== true ? ` (reached through the $ref chain ${describeChain(resolution.chain)})` : '';
      errors.push({ file: refSite.doc.name, pointer: childPointer(refSite.pointer, '$ref'), message: `cannot be resolved, and Sunset needs ${what}: ${resolution.failure.message}${via}` });
      return undefined;
    }
    if (!accepts(resolution.value)) {
      const through = resolution.chain.length > 0 ? ` (through the $ref chain ${describeChain(resolution.chain, resolution.site)})` : '';
      errors.push({ file: resolution.site.doc.name, pointer: resolution.site.pointer, message: `is ${typeOf(resolution.value)}, not ${what}${through}.` });
      return undefined;
    }
    return { value: resolution.value, site: resolution.site };
  };
  const child = (site: Site, ...tokens: (string | number)[]): Site => ({ doc: site.doc, pointer: childPointer(site.pointer, ...tokens) });

  /** The server objects of a `servers` list, each with its `$ref`s followed. */
  const serverList = async (value: unknown, site: Site): Promise<{ value: unknown; site: Site }[]> => {
    const list = await needed(value, site, 'a list of servers', Array.isArray);
    if (list === undefined) return [];
    const servers = await Promise.all((list.value as unknown[]).map((server, index) => needed(server, child(list.site, index), 'a server object', isRecord)));
    return servers.filter((server) => server !== undefined);
  };

  /** The servers that apply to one operation: the path of the first (the one a client uses unless told otherwise), the hosts and paths of all, and what cannot be read. */
  const readServers = (servers: readonly { value: unknown; site: Site }[]): OperationServers => {
    const list = servers.length > 0 ? servers : [{ value: { url: '/' }, site: { doc: root, pointer: Array.isArray(document['servers']) ? '#/servers' : '#' } }];
    const paths: string[] = [];
    const serverHosts: string[] = [];
    const unknownHosts: UnknownHost[] = [];
    const problems: SpecProblem[] = [];
    // Swagger 2.0's servers are its host and basePath: messages point there, not at a `url`.
    const urlPointer = (pointer: JsonPointer): JsonPointer => (version === '2.0' ? pointer.replace(/\/url$/, '') : pointer);
    for (const server of list) {
      const expanded = expandServer(server.value, server.site.pointer);
      problems.push(...expanded.problems.map((problem) => ({ file: server.site.doc.name, ...problem, pointer: urlPointer(problem.pointer) })));
      for (const url of expanded.urls) {
        if (!paths.includes(url.path)) paths.push(url.path);
        if (url.host === undefined) {
          const relative =
            version === '2.0'
              ? 'names no host, so Swagger 2.0 clients call the host that serves the description'
              : servers.length === 0
                ? 'names no server, so its paths are relative to wherever the description is served'
                : `${JSON.stringify(url.url)} is relative to wherever the description is served`;
          const pointer = servers.length === 0 ? server.site.pointer : urlPointer(childPointer(server.site.pointer, 'url'));
          if (!unknownHosts.some((note) => note.pointer === pointer && note.file === server.site.doc.name)) unknownHosts.push({ file: server.site.doc.name, pointer, why: relative });
          continue;
        }
        if (!serverHosts.includes(url.host)) serverHosts.push(url.host);
        if (!hosts.includes(url.host)) hosts.push(url.host);
      }
      for (const note of expanded.defaultHosts) {
        if (unknownHosts.some((known) => known.pointer === note.pointer && known.file === server.site.doc.name)) continue;
        unknownHosts.push({ file: server.site.doc.name, pointer: note.pointer, why: `its host comes from {${note.variable}}, which lists no enum, only the default "${note.value}" (each installation has its own)` });
      }
    }
    return { path: paths[0] ?? '', hosts: serverHosts, basePaths: paths, unknownHosts, problems };
  };

  const rootSite: Site = { doc: root, pointer: '#' };
  const rootServers = version === '2.0' ? swaggerServers(document).map((server) => ({ value: server.value, site: { doc: root, pointer: server.pointer } })) : await serverList(document['servers'] ?? [], child(rootSite, 'servers'));
  const operations: DescribedOperation[] = [];
  const paths = document['paths'] === undefined ? { value: {}, site: child(rootSite, 'paths') } : await needed(document['paths'], child(rootSite, 'paths'), 'a Paths Object', isRecord);
  for (const [template, rawPathItem] of Object.entries((paths?.value ?? {}) as Record<string, unknown>)) {
    if (template.startsWith('x-')) continue;
    const pathItem = await needed(rawPathItem, child(paths!.site, template), 'a path item', isRecord);
    if (pathItem === undefined) continue;
    const item = pathItem.value as Record<string, unknown>;
    const pathServers = item['servers'] === undefined ? [] : await serverList(item['servers'], child(pathItem.site, 'servers'));
    const pathParameters = item['parameters'] === undefined ? noParameters : await readParameters(item['parameters'], child(pathItem.site, 'parameters'));
    const reported = new Set<Site>();
    for (const key of pathItemMethods) {
      if (item[key] === undefined) continue;
      const resolved = await needed(item[key], child(pathItem.site, key), 'an operation object', isRecord);
      if (resolved === undefined) continue;
      const operation = resolved.value as Record<string, unknown>;
      const fields: Record<string, unknown> = { ...operation };
      for (const field of readOperationFields) {
        if (field === 'servers' || field === 'parameters' || operation[field] === undefined) continue;
        const value = await needed(operation[field], child(resolved.site, field), `its ${field}`, () => true);
        fields[field] = value?.value;
      }
      const operationParameters = operation['parameters'] === undefined ? noParameters : await readParameters(operation['parameters'], child(resolved.site, 'parameters'));
      if (operation['parameters'] !== undefined) fields['parameters'] = operationParameters.values;
      requirePathParameters(template, [pathParameters, operationParameters], reported);
      const operationServers = operation['servers'] === undefined ? [] : await serverList(operation['servers'], child(resolved.site, 'servers'));
      if (operationServers.length > 0) fields['servers'] = operationServers.map((server) => server.value);
      const servers = readServers(operationServers.length > 0 ? operationServers : pathServers.length > 0 ? pathServers : rootServers);
      operations.push(describeOperation(template, key, fields, resolved.site, servers));
    }
  }

  /**
   * A `parameters` list with each parameter's `$ref` followed. A `$ref` whose target cannot be
   * reached (a missing file or pointer) is set aside in `unreached`: `requirePathParameters` decides
   * whether Sunset needs it. A circle, or a target of the wrong kind, is an error here.
   */
  async function readParameters(value: unknown, site: Site): Promise<Parameters> {
    const list = await reachable(value, site, 'a list of parameters', Array.isArray);
    if (list === undefined) return noParameters;
    if ('unreached' in list) return { values: [], unreached: [list.unreached] };
    const read = await Promise.all((list.value as unknown[]).map((parameter, index) => reachable(parameter, child(list.site, index), 'a parameter object', isRecord)));
    return {
      values: read.flatMap((parameter) => (parameter !== undefined && 'value' in parameter ? [parameter.value] : [])),
      unreached: read.flatMap((parameter) => (parameter !== undefined && 'unreached' in parameter ? [parameter.unreached] : [])),
    };
  }

  /** `needed`, except that a `$ref` whose target cannot be reached is returned rather than reported. */
  async function reachable(value: unknown, site: Site, what: string, accepts: (value: unknown) => boolean): Promise<{ value: unknown; site: Site } | { unreached: Unreached } | undefined> {
    const resolution: Resolution = await documents.resolve(value, site, 'needed');
    if ('failure' in resolution && resolution.failure.circular !== true) return { unreached: { refSite: resolution.chain.at(-1) ?? site, failure: resolution.failure, chain: resolution.chain } };
    return judge(resolution, site, what, accepts);
  }

  /**
   * Sunset reads a path's parameters from its template (`{itemId}` is one segment), so a parameter
   * it cannot reach is skipped (the warnings list it) when every parameter of the template is
   * declared `in: path` by a parameter it did read: OpenAPI makes parameters unique by name and
   * location, so the unreached one is a query, header or cookie parameter. When a template
   * parameter has no such declaration, an unreached `$ref` may be it, and the import stops there.
   */
  function requirePathParameters(template: string, lists: readonly Parameters[], reported: Set<Site>): void {
    const unreached = lists.flatMap((list) => list.unreached).filter(({ refSite }) => !reported.has(refSite));
    if (unreached.length === 0) return;
    const declared = new Set(lists.flatMap((list) => list.values).flatMap((parameter) => (isRecord(parameter) && parameter['in'] === 'path' && typeof parameter['name'] === 'string' ? [parameter['name']] : [])));
    const undeclared = [...template.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]!).filter((name) => !declared.has(name));
    if (undeclared.length === 0) return;
    const names = undeclared.map((name) => `{${name}}`).join(', ');
    const declares = undeclared.length === 1 ? 'declares it' : 'declares them';
    for (const { refSite, failure, chain } of unreached) {
      reported.add(refSite);
      const via = chain.length > 1 ? ` (reached through the $ref chain ${describeChain(chain)})` : '';
      errors.push({
        file: refSite.doc.name,
        pointer: childPointer(refSite.pointer, '$ref'),
        message: `cannot be resolved, and Sunset needs it for ${names} of the path ${template} (no parameter it can read ${declares} in: path, so this one may): ${failure.message}${via}`,
      });
    }
  }

  if (errors.length > 0) throw new OpenApiImportError(documents.locate(errors));
  const info = isRecord(document['info']) ? document['info'] : {};
  const title = typeof info['title'] === 'string' && info['title'].trim() !== '' ? info['title'].trim() : 'OpenAPI description';
  return { file: root.name, title, version, operations, hosts, documents };
}

/** One operation as the entries see it: its method, path, server path and hosts, and whether Sunset can match it. */
function describeOperation(template: string, key: string, fields: Record<string, unknown>, site: Site, servers: OperationServers): DescribedOperation {
  const serverPath = servers.path;
  const method = key.toUpperCase();
  const matchable = matchableTemplate(template);
  const unmatchable = !matchableMethods.includes(method)
    ? `Sunset matches the methods ${matchableMethods.join(', ')} only`
    : 'unmatchable' in matchable
      ? matchable.unmatchable
      : matchable.path === ''
        ? 'the root path / would match every URL'
        : undefined;
  const operationId = fields['operationId'];
  const pathIdentity = blankParameters(`${serverPath}${template.replace(/\/+$/, '')}`);
  return {
    file: site.doc.name,
    pointer: site.pointer,
    method,
    template,
    identity: `${method} ${pathIdentity}`,
    pathIdentity,
    endpoint: unmatchable === undefined && 'path' in matchable ? { method: method as HttpMethod, path: matchable.path } : undefined,
    unmatchable,
    serverPath,
    hosts: servers.hosts,
    basePaths: servers.basePaths,
    unknownHosts: servers.unknownHosts,
    serverProblems: servers.problems,
    operationId: typeof operationId === 'string' && operationId !== '' ? operationId : undefined,
    deprecated: fields['deprecated'] === true,
    fields,
  };
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
