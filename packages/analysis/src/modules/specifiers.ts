/**
 * Whether a module specifier is relative, as Node, TypeScript and bundlers tell: `.` or `..` (a
 * folder, as `./` and `../`), or a path starting with `./` or `../`. A bare name starting with a
 * dot (`.foo`) is not: it names a package (or a path alias), never a file beside the importer.
 */
export function isRelativeSpecifier(specifier: string): boolean {
  return specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../');
}
