import { crossFileMessages, interpolate, withTodoClause } from '@sunset/rule-data';
import { resolutionsUsedBy, todoOnlyForTextElsewhere, type CrossFileResolution, type Declaration, type Finding } from '../analysis-contract.js';
import type { CrossFileRelatedLocation } from '../check/check-source.js';

export { createCrossFileResolver, type CrossFileResolution, type CrossFileResolver, type ImportLookup } from '../analysis-contract.js';

/** A finding with the declarations its value came from (set only when one did). */
export type CrossFileFinding = Finding & { readonly crossFileRelated?: readonly CrossFileRelatedLocation[] };


/**
 * Says where a finding's value was declared when it came from another file: `data.declaredIn`
 * (`path:line:column of NAME`, with `displayPath` naming the file) and a related location at the
 * declaration. Findings without a cross-file value come back unchanged.
 */
export function withCrossFileFacts<F extends Finding>(finding: F, resolutions: readonly CrossFileResolution[], displayPath: (file: string) => string): F & CrossFileFinding {
  const used = resolutionsUsedBy(finding, resolutions);
  if (used.length === 0) return finding;
  const declarations = used.map(({ declaration }) => declaration);
  const clients = new Set(used.filter((resolution) => resolution.client === true).map(({ declaration }) => declaration));
  const describe = (declaration: Declaration): string => `${displayPath(declaration.file)}:${declaration.line}:${declaration.column} (${declaration.name})`;
  return {
    ...finding,
    data: { ...finding.data, declaredIn: declarations.map(describe).join(', ') },
    crossFileRelated: declarations.map((declaration) => ({
      file: declaration.file,
      line: declaration.line,
      column: declaration.column,
      endLine: declaration.endLine,
      endColumn: declaration.endColumn,
      message: interpolate(clients.has(declaration) ? crossFileMessages.client : crossFileMessages.value, { name: declaration.name }),
      role: clients.has(declaration) ? 'client' : 'value',
      range: declaration.range,
    })),
  };
}

/**
 * For `fix`: a retirement finding whose value came from another file gets the constants and their
 * files in its TODO text (`…; the path is REPORT_DATA_URL of ../config/endpoints.ts`, from the file the TODO is written in), as
 * `fix --project` writes it, so the person who finishes the site knows where to look.
 */
export function withCrossFileTodo(
  finding: Finding,
  resolutions: readonly CrossFileResolution[],
  displayPath: (file: string) => string,
  pathFromHere: (file: string) => string,
  sentOtherwise: (declaration: Declaration) => boolean = () => false,
): Finding {
  if (finding.retirement === undefined) return finding;
  const used = resolutionsUsedBy(finding, resolutions);
  if (used.length === 0) return finding;
  // The comment names files from its own file (`../config/endpoints.ts`); the run's report from the working directory.
  const namedBy = (pathOf: (file: string) => string): string[] =>
    used.map(({ declaration, client }) => `${client === true ? 'the client ' : ''}${declaration.name === 'default' ? 'the default export' : declaration.name} of ${pathOf(declaration.file)}`);
  const named = namedBy(pathFromHere);
  const only = used.length === 1 ? used[0]! : undefined;
  const where = only === undefined ? `the URL is built from ${named.slice(0, -1).join(', ')} and ${named.at(-1)!}` : only.client === true ? `the base is ${named[0]!}` : `the path is ${named[0]!}`;
  const { retirement } = finding;
  // A one-to-one move this file cannot make: the text to edit is in the other file, which is the reason to give.
  const elsewhere = todoOnlyForTextElsewhere(retirement);
  // A value another request also sends (a POST the entries do not retire) is not rewritten where it is declared by either mode.
  const shared = elsewhere && used.some(({ declaration, client }) => client !== true && sentOtherwise(declaration));
  const todoCause = !elsewhere
    ? retirement.todoCause
    : shared
      ? `the path is written in another file (${namedBy(displayPath).join(', ')}), which a request this migration does not cover also sends; a rewrite there would move that request too`
      : `the path is written in another file (${namedBy(displayPath).join(', ')}); sunset fix --project rewrites it there when every use is the same one-to-one migration`;
  return { ...finding, retirement: { ...retirement, todoText: withTodoClause(retirement.todoText, where), ...(todoCause === undefined ? {} : { todoCause }) } };
}
