import type { HttpMethod } from '@sunset/rule-data';
import { isStringLiteral, rangeOf } from '../ast/nodes.js';
import type { StatedMethod } from '../requests/http-calls.js';
import type { TextEdit } from '../types.js';

export type MethodEditResult = { readonly edits: TextEdit[] } | { readonly cause: string };

/** Client verbs a method can be renamed to, per client (jQuery only has `get` and `post` shorthands). */
const verbsByClient: Readonly<Record<string, readonly HttpMethod[]>> = {
  jquery: ['GET', 'POST'],
};

/** Edits that make the call use `target` instead of its stated method, in the way the call writes it. */
export function methodEdits(stated: StatedMethod, target: HttpMethod, sourceText: string): MethodEditResult {
  if (stated.method === target) return { edits: [] };
  const { source } = stated;
  switch (source.kind) {
    case 'literal': {
      const [start, end] = rangeOf(source.node);
      const raw = sourceText.slice(start, end);
      const quote = raw[0]!;
      const written = raw.slice(1, -1);
      const text = written === written.toLowerCase() ? target.toLowerCase() : target;
      return { edits: [{ range: [start, end], text: `${quote}${text}${quote}` }] };
    }
    case 'member': {
      const allowed = verbsByClient[source.client ?? ''];
      if (allowed && !allowed.includes(target)) return { cause: `this client has no ${target} shorthand` };
      const [start, end] = rangeOf(source.node);
      // openapi-fetch's verbs are in capitals (`client.PATCH` → `client.PUT`).
      const verb = source.client === 'openapi-fetch' ? target : target.toLowerCase();
      if (isStringLiteral(source.node)) return { edits: [{ range: [start, end], text: `${sourceText[start]}${verb}${sourceText[start]}` }] };
      return { edits: [{ range: [start, end], text: verb }] };
    }
    case 'implicit':
      return { cause: `the call relies on the default method; ${target} must be added by hand` };
    case 'elsewhere':
      return { cause: `the method is set outside this call; change it to ${target} by hand` };
    case 'unknown':
      return { cause: `the method is not known here; make sure the request uses ${target}` };
  }
}
