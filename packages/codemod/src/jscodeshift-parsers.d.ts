// jscodeshift ships its parsers as CommonJS modules without type declarations.

interface JscodeshiftParser {
  parse(code: string): { readonly program: { readonly type: string } };
}

declare module 'jscodeshift/parser/ts.js' {
  const makeParser: () => JscodeshiftParser;
  export default makeParser;
}

declare module 'jscodeshift/parser/tsx.js' {
  const makeParser: () => JscodeshiftParser;
  export default makeParser;
}

declare module 'jscodeshift/parser/babylon.js' {
  const makeParser: (options?: object) => JscodeshiftParser;
  export default makeParser;
}
