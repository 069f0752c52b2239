import { childPointer, type JsonPointer } from './json-pointer.js';

/** One URL a server object stands for, its variables replaced. */
export interface ServerUrl {
  readonly url: string;
  /** Lower-case host name without port; undefined for a relative URL (`/api`). */
  readonly host: string | undefined;
  /** The URL's path without a trailing slash: `/api`, or `` for the root. */
  readonly path: string;
}

/** A host that comes from a variable's `default` alone: the real host may be another one. */
export interface DefaultHost {
  readonly host: string;
  readonly variable: string;
  /** The variable's default as written. */
  readonly value: string;
  readonly pointer: JsonPointer;
}

export interface ExpandedServers {
  readonly urls: readonly ServerUrl[];
  readonly defaultHosts: readonly DefaultHost[];
  readonly problems: readonly { readonly pointer: JsonPointer; readonly message: string }[];
}

const variablePattern = /\{([^{}]+)\}/g;
const authorityPattern = /^(?:[^:/?#]*:)?\/\/([^/?#]*)/;
const maxUrlsPerServer = 256;

interface VariableValues {
  readonly values: readonly string[];
  readonly fromDefaultOnly: boolean;
}

function variableValues(variables: unknown, name: string): VariableValues | undefined {
  if (typeof variables !== 'object' || variables === null) return undefined;
  const variable = (variables as Record<string, unknown>)[name];
  if (typeof variable !== 'object' || variable === null) return undefined;
  const { enum: choices, default: fallback } = variable as { enum?: unknown; default?: unknown };
  const enumValues = Array.isArray(choices) ? choices.filter((choice): choice is string => typeof choice === 'string') : [];
  if (enumValues.length > 0) return { values: enumValues, fromDefaultOnly: false };
  return typeof fallback === 'string' ? { values: [fallback], fromDefaultOnly: true } : undefined;
}

/** Splits an expanded server URL into host and path; undefined when it is not a URL. */
function parseServerUrl(url: string): ServerUrl | undefined {
  const trimPath = (path: string): string => path.replace(/\/+$/, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) || url.startsWith('//')) {
    try {
      const parsed = new URL(url.startsWith('//') ? `https:${url}` : url);
      return { url, host: parsed.hostname.toLowerCase() || undefined, path: trimPath(parsed.pathname) };
    } catch {
      return undefined;
    }
  }
  // A URL relative to where the description is served: its path is all a client adds.
  const path = url.split(/[?#]/)[0]!;
  return { url, host: undefined, path: trimPath(path.startsWith('/') ? path : `/${path}`) };
}

/**
 * Every URL a Server Object stands for: each variable takes every value of its `enum`, or its
 * `default` when it has none (the combinations of several variables are all listed).
 */
export function expandServer(server: unknown, pointer: JsonPointer): ExpandedServers {
  const urlTemplate = (server as { url?: unknown } | null)?.url;
  if (typeof urlTemplate !== 'string') return { urls: [], defaultHosts: [], problems: [{ pointer: childPointer(pointer, 'url'), message: `must be a URL, got ${JSON.stringify(urlTemplate)}.` }] };
  const variables = (server as { variables?: unknown }).variables;
  const names = [...new Set([...urlTemplate.matchAll(variablePattern)].map((match) => match[1]!))];
  const problems: { pointer: JsonPointer; message: string }[] = [];
  const valuesByName = new Map<string, VariableValues>();
  for (const name of names) {
    const values = variableValues(variables, name);
    if (values === undefined) problems.push({ pointer: childPointer(pointer, 'url'), message: `the variable {${name}} has no enum and no default under variables.` });
    else valuesByName.set(name, values);
  }
  if (problems.length > 0) return { urls: [], defaultHosts: [], problems };

  let expanded = [urlTemplate];
  for (const name of names) {
    const { values } = valuesByName.get(name)!;
    expanded = expanded.flatMap((url) => values.map((value) => url.replaceAll(`{${name}}`, value))).slice(0, maxUrlsPerServer);
  }
  const urls: ServerUrl[] = [];
  for (const url of [...new Set(expanded)]) {
    const parsed = parseServerUrl(url);
    if (parsed === undefined) problems.push({ pointer: childPointer(pointer, 'url'), message: `${JSON.stringify(url)} (with its variables replaced) is not a URL.` });
    else urls.push(parsed);
  }
  const authority = authorityPattern.exec(urlTemplate)?.[1] ?? '';
  const defaultHosts = [...authority.matchAll(variablePattern)]
    .map((match) => match[1]!)
    .filter((name) => valuesByName.get(name)?.fromDefaultOnly === true)
    .flatMap((name) =>
      urls.flatMap((url) =>
        url.host === undefined ? [] : [{ host: url.host, variable: name, value: valuesByName.get(name)!.values[0]!, pointer: childPointer(pointer, 'variables', name, 'default') }],
      ),
    );
  return { urls, defaultHosts, problems };
}
