import type { DescribedOperation } from '../description/description.js';

/** `listItemsV2` → `list-items-v2`, `oauth-authorizations/list-grants` → `oauth-authorizations-list-grants`. */
export function kebabCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The id an operation's entry wants: from its operationId, else from its method and path (`get-v1-items-item-id`). */
export function baseEntryId(operation: DescribedOperation): string {
  return kebabCase(operation.operationId ?? `${operation.method} ${operation.template}`) || kebabCase(`${operation.method} operation`);
}

/** `base`, or `base-2`, `base-3`... when taken; the caller adds the result to `taken`. */
export function uniqueEntryId(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
