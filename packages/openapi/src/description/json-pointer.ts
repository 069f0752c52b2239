/** A JSON pointer as a URI fragment (RFC 6901), e.g. `#/paths/~1v1~1users/get/x-sunset`. */
export type JsonPointer = string;

const escapeToken = (token: string | number): string => String(token).replaceAll('~', '~0').replaceAll('/', '~1');

/** The pointer to a child of `pointer`: `childPointer('#/paths', '/v1/users')` is `#/paths/~1v1~1users`. */
export function childPointer(pointer: JsonPointer, ...tokens: readonly (string | number)[]): JsonPointer {
  return [pointer, ...tokens.map(escapeToken)].join('/');
}

/** The reference tokens of a pointer, unescaped: `#/paths/~1v1~1users` is `['paths', '/v1/users']`. */
export function pointerTokens(pointer: JsonPointer): string[] {
  const body = pointer.replace(/^#/, '');
  if (body === '') return [];
  return body
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}
