import type { TSESTree } from '@typescript-eslint/types';
import { argumentAt, memberCallee, memberPropertyName, propertyKeyName, rangeOf, staticString, unwrap, type Node } from '../ast/nodes.js';
import { recognizeHttpCall, type HttpCall } from '../requests/http-calls.js';
import { requestPartsOf, type RequestParts } from '../requests/request-parts.js';
import { isNavigationString } from '../requests/navigation-strings.js';
import { serverRoutePaths } from '../requests/server-routes.js';
import { testedStrings } from '../requests/tested-strings.js';
import { recognizeSoapClientCall, type SoapClientCall } from '../soap/soap-client-calls.js';
import { helperActionHits } from '../soap/helper-actions.js';
import { findSoapStrings, xmlElementMethods, type SoapStringHit } from '../soap/soap-strings.js';
import { findSunsetTodos, type SunsetTodo } from '../todo/markers.js';
import type { AnalysisOptions, SourceFile } from '../types.js';
import { evaluateStringRoot, type EvaluationContext } from '../url/evaluate.js';
import type { Segment } from '../url/segments.js';
import { buildScopeModel, type ScopeModel } from './scope-model.js';

/** One HTTP request of the file: its call form, URL, method, body, config and content type. */
export interface RequestSite extends HttpCall, RequestParts {}

/** An outermost string-building expression with the URL-ish value it builds (undefined when nothing is known). */
export interface StringRoot {
  readonly node: Node;
  readonly segments: readonly Segment[] | undefined;
}

/** A SOAP/WCF operation name written in a string, with the string it was found in. */
export interface SoapStringSite extends SoapStringHit {
  readonly root: Node;
  /** The string is the value of a `SOAPAction` header. */
  readonly isActionHeader: boolean;
}

/**
 * Everything the checks read about one file, from one walk: scopes and bindings, the HTTP requests
 * (server route registrations left out), SOAP client calls, string roots and the SOAP strings in
 * them, and the TODO markers of the comments. Derived parts are built on first use.
 */
export interface FileIndex {
  readonly file: SourceFile;
  readonly options: AnalysisOptions;
  readonly scope: ScopeModel;
  readonly requests: readonly RequestSite[];
  /** The path expressions of server route registrations (`app.get('/v1/x/:id', handler)`): never client URLs. */
  readonly serverRoutePaths: ReadonlySet<Node>;
  /**
   * Strings no request of the client reads: server routes, where URL-shaped strings are the app's own
   * navigation, a server's OpenAPI `paths`, or a query key beside its queryFn (`isNavigationString`),
   * and the `testedStrings`. The retirement rules' reading; the OAuth rules still read navigation (a
   * browser sent to the authorize URL).
   */
  readonly notRequestUrls: ReadonlySet<Node>;
  /**
   * Strings the code tests or asserts on, not ones it requests (`req.url === '…'`, `url.includes('…')`,
   * `expect(url).not.toBe('…')`, `httpMock.expectOne('…')`; `testedStrings`): no retired path and no
   * SOAP operation is read in them.
   */
  readonly testedStrings: ReadonlySet<Node>;
  readonly soapClientCalls: readonly SoapClientCall[];
  readonly strings: readonly StringRoot[];
  readonly soapStrings: readonly SoapStringSite[];
  readonly todoMarkers: readonly SunsetTodo[];
  /** A context for evaluating further expressions of this file. */
  evaluation(): EvaluationContext;
  /** A result computed once per index and key (e.g. the retirement findings for one asOf and host list). */
  cached<T>(key: string, compute: () => T): T;
}

/** `{ SOAPAction: x }`, `headers.set('SOAPAction', x)`, `setHeader('SOAPAction', x)`. */
function isSoapActionValue(root: Node, scope: ScopeModel): boolean {
  const parent = scope.parentOf(root);
  if (parent?.type === 'Property' && parent.value === root) return /^soapaction$/i.test(propertyKeyName(parent) ?? '');
  if (parent?.type !== 'CallExpression' || argumentAt(parent, 1) !== root) return false;
  const name = argumentAt(parent, 0);
  const callee = memberCallee(parent);
  return name !== undefined && /^soapaction$/i.test(staticString(name) ?? '') && callee !== undefined && memberPropertyName(callee) !== undefined;
}

/**
 * The name of the element an XML builder adds to a SOAP body: `'GetCampaigns'` of
 * `builder.create('soap:Envelope').ele('soap:Body').ele('GetCampaigns', { xmlns })`, the element
 * added right on a prefixed `…:Body` element (`soap:Body`, `soapenv:Body`).
 */
function isSoapBodyElementName(root: Node, scope: ScopeModel): boolean {
  const parent = scope.parentOf(root);
  if (parent?.type !== 'CallExpression' || argumentAt(parent, 0) !== root) return false;
  const callee = memberCallee(parent);
  if (!callee || !xmlElementMethods.test(memberPropertyName(callee) ?? '')) return false;
  const body = unwrap(callee.object);
  const bodyCallee = body.type === 'CallExpression' ? memberCallee(body) : undefined;
  const bodyName = bodyCallee && xmlElementMethods.test(memberPropertyName(bodyCallee) ?? '') ? argumentAt(body as TSESTree.CallExpression, 0) : undefined;
  return bodyName !== undefined && /^[A-Za-z_][\w.-]*:Body$/.test(staticString(bodyName) ?? '');
}

function lazy<T>(compute: () => T): () => T {
  let done = false;
  let value: T | undefined;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value as T;
  };
}

/** The one walk over a file and the index the checks share. */
export function indexFile(file: SourceFile, options: AnalysisOptions): FileIndex {
  const scope = buildScopeModel(file.program);
  const memo = new Map<unknown, unknown>();
  const evaluation = (): EvaluationContext => ({
    scope,
    text: file.text,
    resolveIdentifier: options.resolveIdentifier,
    resolveClient: options.resolveClient,
    memo,
    following: [],
    retiredNeedle: options.catalog.needlePattern,
  });
  const context = evaluation();
  const cache = new Map<string, unknown>();

  const routes = lazy(() => {
    const calls = new Set<TSESTree.CallExpression>();
    const paths = new Set<Node>();
    for (const call of scope.calls) {
      if (call.type !== 'CallExpression') continue;
      const found = serverRoutePaths(call, context);
      if (!found) continue;
      calls.add(call);
      for (const path of found) paths.add(path);
    }
    return { calls, paths };
  });
  // Plain loops below: these run over every call and string of every candidate, and a flatMap
  // callback allocates an empty array for each one that is not kept.
  const requests = lazy(() => {
    const sites: RequestSite[] = [];
    const routeCalls = routes().calls;
    for (const call of scope.calls) {
      if (call.type !== 'CallExpression' || routeCalls.has(call)) continue;
      const site = recognizeHttpCall(call, context);
      if (site) sites.push({ ...site, ...requestPartsOf(site, context) });
    }
    return sites;
  });
  const soapClientCalls = lazy(() => {
    const found: SoapClientCall[] = [];
    for (const call of scope.calls) {
      const soapCall = call.type === 'CallExpression' ? recognizeSoapClientCall(call, options.catalog, context) : undefined;
      if (soapCall) found.push(soapCall);
    }
    return found;
  });
  const strings = lazy(() => scope.stringRoots.map((node) => ({ node, segments: evaluateStringRoot(node, context) })));
  const soapStrings = lazy(() => {
    const sites: SoapStringSite[] = [];
    for (const { node, segments } of strings()) {
      if (!segments) continue;
      const isActionHeader = isSoapActionValue(node, scope);
      for (const hit of findSoapStrings(segments, options.catalog, isActionHeader, isSoapBodyElementName(node, scope))) sites.push({ ...hit, root: node, isActionHeader });
      // A helper's action built from its parameters (`${NS}/I${service}/${operation}`): read at each call of it.
      if (isActionHeader && segments.some((segment) => segment.kind === 'hole')) {
        for (const { call, ...hit } of helperActionHits(node, segments, context, options.catalog, requestUrlAround)) sites.push({ ...hit, root: call, isActionHeader: false });
      }
    }
    return sites;
  });
  /** The URL of the request whose call holds `node` (a helper's `SOAPAction` value). */
  const requestUrlAround = (node: Node): readonly Segment[] | undefined => {
    const [start, end] = rangeOf(node);
    return requests().find((site) => {
      const [callStart, callEnd] = rangeOf(site.call);
      return callStart <= start && end <= callEnd;
    })?.url;
  };
  const todoMarkers = lazy(() => findSunsetTodos(file.comments, file.text));
  const tested = lazy(() => testedStrings(scope));
  const notRequestUrls = lazy(() => {
    const nodes = new Set<Node>([...routes().paths, ...tested()]);
    for (const root of scope.stringRoots) if (isNavigationString(root, scope)) nodes.add(root);
    return nodes;
  });

  return new LazyFileIndex(file, options, scope, { requests, routes, notRequestUrls, testedStrings: tested, soapClientCalls, strings, soapStrings, todoMarkers, evaluation, cache });
}

interface IndexParts {
  readonly requests: () => RequestSite[];
  readonly routes: () => { readonly paths: ReadonlySet<Node> };
  readonly notRequestUrls: () => ReadonlySet<Node>;
  readonly testedStrings: () => ReadonlySet<Node>;
  readonly soapClientCalls: () => SoapClientCall[];
  readonly strings: () => StringRoot[];
  readonly soapStrings: () => SoapStringSite[];
  readonly todoMarkers: () => SunsetTodo[];
  readonly evaluation: () => EvaluationContext;
  readonly cache: Map<string, unknown>;
}

/**
 * The index of one file, its derived parts built on first use. A class, so that its getters live on
 * the prototype: an object literal with getters, made per file, kept every file's tree alive through
 * minor GCs (V8 keeps such accessors in the object's hidden class), so every tree was promoted.
 */
class LazyFileIndex implements FileIndex {
  /** A data property, not a method: it is passed around as a function. */
  readonly evaluation: () => EvaluationContext;

  constructor(
    readonly file: SourceFile,
    readonly options: AnalysisOptions,
    readonly scope: ScopeModel,
    private readonly parts: IndexParts,
  ) {
    this.evaluation = parts.evaluation;
  }

  get requests(): readonly RequestSite[] {
    return this.parts.requests();
  }

  get serverRoutePaths(): ReadonlySet<Node> {
    return this.parts.routes().paths;
  }

  get notRequestUrls(): ReadonlySet<Node> {
    return this.parts.notRequestUrls();
  }

  get testedStrings(): ReadonlySet<Node> {
    return this.parts.testedStrings();
  }

  get soapClientCalls(): readonly SoapClientCall[] {
    return this.parts.soapClientCalls();
  }

  get strings(): readonly StringRoot[] {
    return this.parts.strings();
  }

  get soapStrings(): readonly SoapStringSite[] {
    return this.parts.soapStrings();
  }

  get todoMarkers(): readonly SunsetTodo[] {
    return this.parts.todoMarkers();
  }

  cached<T>(key: string, compute: () => T): T {
    const { cache } = this.parts;
    if (!cache.has(key)) cache.set(key, compute());
    return cache.get(key) as T;
  }
}
