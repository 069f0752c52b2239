import type { TSESTree } from '@typescript-eslint/types';
import { calleeOf, isFunction, memberPropertyName, memberValueOf, propertyKeyName, unwrap, type Node } from '../ast/nodes.js';
import type { ScopeModel } from '../file-index/scope-model.js';

// URL-shaped strings that are no request of the client, by where they are written: the app's own
// navigation (a router link, a navigate call, a route table, a menu item), the keys of an OpenAPI
// description's `paths` (a server's description), and a React Query key beside the queryFn that makes
// the request (one request, one finding: at the request). Found by running Sunset on public code.

/** Keys that make an object with a `path` a route definition (Angular, React Router, Vue Router). */
const routeKeys: ReadonlySet<string> = new Set(['component', 'loadChildren', 'loadComponent', 'redirectTo', 'children', 'element', 'Component', 'lazy', 'pathMatch', 'canActivate']);

/** React Query's hooks and client methods that take `(key, fn)` or `{ queryKey, queryFn }`. */
const queryFunctions: ReadonlySet<string> = new Set(['useQuery', 'useInfiniteQuery', 'useSuspenseQuery', 'useSuspenseInfiniteQuery', 'prefetchQuery', 'fetchQuery', 'prefetchInfiniteQuery', 'fetchInfiniteQuery', 'ensureQueryData']);

function hasKey(object: Node | undefined, keys: ReadonlySet<string> | string): boolean {
  if (object?.type !== 'ObjectExpression') return false;
  return object.properties.some((property) => {
    if (property.type !== 'Property') return false;
    const name = propertyKeyName(property);
    return name !== undefined && (typeof keys === 'string' ? name === keys : keys.has(name));
  });
}

/** The name a call shows: `navigate`, or the property of a member callee with its receiver's last name (`router`, `history`). */
function calleeNames(call: TSESTree.CallExpression): { readonly name: string | undefined; readonly receiver: string | undefined } {
  const callee = calleeOf(call);
  if (callee.type === 'Identifier') return { name: callee.name, receiver: undefined };
  if (callee.type !== 'MemberExpression') return { name: undefined, receiver: undefined };
  const object = unwrap(callee.object);
  const receiver = object.type === 'Identifier' ? object.name : object.type === 'MemberExpression' ? memberPropertyName(object) : undefined;
  return { name: memberPropertyName(callee), receiver };
}

/**
 * `navigate('/x')`, `router.navigate(['/x'])`, `router.navigateByUrl('/x')`, `history.push('/x')`,
 * `router.replace('/x')`, Vue's `this.$router.push('/x')`, SvelteKit's `goto('/x')`, Next's and
 * react-admin's `redirect('/x')` (a function, not Express's `res.redirect`).
 */
function isNavigation(call: TSESTree.CallExpression, scope: ScopeModel): boolean {
  const { name, receiver } = calleeNames(call);
  if (name === 'navigate' || name === 'navigateByUrl') return true;
  if (receiver === undefined) return name === 'goto' || name === 'redirect' || madeByNavigationHook(call, scope);
  // `location.assign(url)` is left a string: the browser requests what it is given (an OAuth authorize URL, an export).
  return (name === 'push' || name === 'replace') && /^\$?(?:history|router)$/i.test(receiver);
}

/**
 * A query function that cannot read its key: written inline without parameters (`() => api.get('/x')`).
 * One that takes the query context may fetch the key itself (`({ queryKey }) => fetch(queryKey[0])`,
 * as a default query function does): then the key is the URL, and stays a string to check.
 */
function fetchesWithoutKey(node: Node | undefined): boolean {
  const value = node === undefined ? undefined : unwrap(node);
  return isFunction(value) && value.params.length === 0;
}

/** React Router's and react-admin's navigation hooks: what they return navigates, whatever its name. */
const navigationHooks: ReadonlySet<string> = new Set(['useNavigate', 'useRedirect']);

/** `const go = useNavigate(); go('/x')`: a callee held in a constant one of the navigation hooks made. */
function madeByNavigationHook(call: TSESTree.CallExpression, scope: ScopeModel): boolean {
  const callee = calleeOf(call);
  if (callee.type !== 'Identifier') return false;
  const binding = scope.resolve(callee);
  const init = binding?.kind === 'const' ? binding.init : undefined;
  const made = init ? unwrap(init) : undefined;
  if (made?.type !== 'CallExpression') return false;
  const hook = calleeOf(made);
  return hook.type === 'Identifier' && navigationHooks.has(hook.name);
}

/** `useQuery(['/x'], () => …)`, `queryClient.prefetchQuery('/x', () => …)`: a key given with the function that fetches. */
function isQueryKeyBesideFunction(call: TSESTree.CallExpression): boolean {
  const { name } = calleeNames(call);
  const second = call.arguments[1];
  return name !== undefined && queryFunctions.has(name) && second !== undefined && second.type !== 'SpreadElement' && fetchesWithoutKey(second);
}

/** The text a string root starts with as written (`'/x'`, `` `/x/${id}` ``, `'/x' + id`); undefined when it starts with a value. */
function leadingText(root: Node): string | undefined {
  const value = unwrap(root);
  if (value.type === 'Literal') return typeof value.value === 'string' ? value.value : undefined;
  if (value.type === 'TemplateLiteral') {
    const first = value.quasis[0];
    const text = first ? (first.value.cooked ?? first.value.raw) : '';
    return text === '' && value.expressions.length > 0 ? undefined : text;
  }
  if (value.type === 'BinaryExpression' && value.operator === '+') return leadingText(value.left);
  return undefined;
}

/** `https://host…`, `//host…`, `mailto:…`: a URL of its own, not a path of the app's origin. */
const namesHost = (text: string): boolean => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(text);

/** Whether a string root (a literal, a template, a `+`) is written where no request reads it (see the top of this module). */
export function isNavigationString(root: Node, scope: ScopeModel): boolean {
  let child = root;
  let parent = scope.parentOf(root);
  while (parent && unwrap(parent) === unwrap(child) && parent !== child) {
    child = parent;
    parent = scope.parentOf(parent);
  }
  // <Link to="/x">, <Navigate to={'/x'} />
  if (parent?.type === 'JSXExpressionContainer') {
    child = parent;
    parent = scope.parentOf(parent);
  }
  if (parent?.type === 'JSXAttribute') {
    if (parent.value !== child || parent.name.type !== 'JSXIdentifier') return false;
    const element = scope.parentOf(parent);
    const tag = element?.type === 'JSXOpeningElement' && element.name.type === 'JSXIdentifier' ? element.name.name : undefined;
    const leading = leadingText(root);
    // A router's link (`to`, Next's <Link href>) is a route of the app, unless it names a host.
    if (parent.name.name === 'to' || (parent.name.name === 'href' && tag !== undefined && /^(?:Link|NavLink)$/.test(tag))) return leading === undefined || !namesHost(leading);
    // <a href="/x">: the browser goes to a page of the app's own origin. One that names a host, or starts
    // with a value the code does not show (`${API}/…`), is a GET of that URL (a download of the API); so is
    // a link with `download`, whose file the app's origin may proxy from the API (`<a href="/v1/…" download>`).
    if (parent.name.name !== 'href' || tag !== 'a' || leading === undefined || leading === '' || namesHost(leading)) return false;
    return element?.type !== 'JSXOpeningElement' || !element.attributes.some((attribute) => attribute.type === 'JSXAttribute' && attribute.name.type === 'JSXIdentifier' && attribute.name.name === 'download');
  }
  // A key's parts: queryKey: ['/x', id], navigate(['/x', id])
  while (parent?.type === 'ArrayExpression') {
    child = parent;
    parent = scope.parentOf(parent);
  }
  if (parent?.type === 'Property') {
    const object = scope.parentOf(parent);
    if (parent.key === child) {
      if (parent.computed) return false;
      // The keys of an OpenAPI description's `paths`: the operations of a server, described.
      const owner = object ? scope.parentOf(object) : undefined;
      return owner?.type === 'Property' && owner.value === object && propertyKeyName(owner) === 'paths';
    }
    const key = propertyKeyName(parent);
    if (key === 'queryKey') return object?.type === 'ObjectExpression' && fetchesWithoutKey(memberValueOf(object, 'queryFn'));
    if (key === 'path' || key === 'redirectTo') {
      // `router.push({ path: '/x', query })`: a location object given to a navigation call.
      const owner = object ? scope.parentOf(object) : undefined;
      if (owner?.type === 'CallExpression' && owner.arguments[0] === object && isNavigation(owner, scope)) return true;
      return hasKey(object, routeKeys);
    }
    if (key === 'link') return hasKey(object, 'title');
    return false;
  }
  if (parent?.type === 'CallExpression' && parent.arguments[0] === child) return isNavigation(parent, scope) || isQueryKeyBesideFunction(parent);
  return false;
}
