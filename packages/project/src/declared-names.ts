/**
 * An identifier-like token (`\u` escapes included), whether a dot comes before it (`.name`: a member read)
 * and whether it is assigned (`this.name = …`, `exports.name ||= …`: a JavaScript declaration).
 */
const tokenPattern = /(\.\s*)?((?:[\p{ID_Continue}$\u200c\u200d]|\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]+\})+)(\s*(?:\|\||&&|\?\?)?=(?![=>]))?/gu;

const unescapeIdentifier = (raw: string): string =>
  raw.replace(/\\u\{([0-9a-fA-F]+)\}|\\u([0-9a-fA-F]{4})/g, (_, braced: string | undefined, plain: string | undefined) => String.fromCodePoint(parseInt(braced ?? plain!, 16)));

/**
 * Every name the loaded files may declare: each identifier-like token of their texts (comments and
 * strings included) that is not a member read (`a.name`), and each member they assign. A superset:
 * the type checker can find a symbol for a name only where some loaded file declares it (its own
 * declaration, an import or export under that name, a class field, an object's key, a `this.name =`),
 * so a name outside this set resolves to nothing and need not be asked (`rows.filter`, `date.toISOString`:
 * the program is built without the default library).
 */
export function declarableNames(texts: Iterable<string>): ReadonlySet<string> {
  const names = new Set<string>();
  for (const text of texts) {
    for (const [, dot, raw, assigned] of text.matchAll(tokenPattern)) {
      if (dot !== undefined && assigned === undefined) continue;
      names.add(raw!.includes('\\') ? unescapeIdentifier(raw!) : raw!);
    }
  }
  return names;
}
