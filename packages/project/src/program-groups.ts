import type { ts } from 'ts-morph';

/** From this many files to load on, a second program in a worker pays for its start (the compiler loaded there again). */
export const apartFrom = 128;

/**
 * The worker first loads the compiler (0.35 s at 50k, on Node 22): about as long as the analysis of
 * 0.5 MB of source (4.6 MB in 3.4 s of CPU), so its group is filled as if it started with that much.
 */
export const workerHandicap = 500_000;

/**
 * The files to load split in two groups that share no import, for two programs (the second in a worker,
 * filled as if it held `handicap` characters more), each about half the text; undefined when one program
 * is better: fewer than two `threads`, fewer than `minFiles` files, or a group under a quarter of the text. Files are joined by every
 * import the selection resolved, loaded or not (a file reached only through unloaded ones stays with them).
 */
export function separableGroups(
  texts: ReadonlyMap<string, string>,
  importsOf: ReadonlyMap<string, readonly string[]>,
  threads: number,
  minFiles = apartFrom,
  handicap = workerHandicap,
): [Map<string, string>, Map<string, string>] | undefined {
  if (threads < 2 || texts.size < minFiles) return undefined;
  const parent = new Map<string, string>();
  const rootOf = (file: string): string => {
    let root = file;
    while (parent.has(root)) root = parent.get(root)!;
    // Path halving is enough here: a few thousand files, each joined once per import.
    for (let at = file; at !== root; ) {
      const next = parent.get(at)!;
      parent.set(at, root);
      at = next;
    }
    return root;
  };
  for (const [file, targets] of importsOf) {
    for (const target of targets) {
      const [a, b] = [rootOf(file), rootOf(target)];
      if (a !== b) parent.set(a, b);
    }
  }
  const components = new Map<string, { files: string[]; size: number }>();
  for (const [file, text] of texts) {
    const root = rootOf(file);
    const component = components.get(root) ?? { files: [], size: 0 };
    component.files.push(file);
    component.size += text.length;
    components.set(root, component);
  }
  const groups: [{ files: string[]; size: number }, { files: string[]; size: number }] = [
    { files: [], size: 0 },
    { files: [], size: 0 },
  ];
  // The largest components first, each to the lighter group.
  for (const component of [...components.values()].sort((a, b) => b.size - a.size)) {
    const lighter = groups[0].size <= groups[1].size + handicap ? groups[0] : groups[1];
    lighter.files.push(...component.files);
    lighter.size += component.size;
  }
  const total = groups[0].size + groups[1].size;
  if (Math.min(groups[0].size, groups[1].size) < total / 4) return undefined;
  const textsOf = (files: readonly string[]): Map<string, string> => new Map(files.map((file) => [file, texts.get(file)!]));
  return [textsOf(groups[0].files), textsOf(groups[1].files)];
}

/** A declaration another file can see without importing it: a global augmentation, an ambient module, a UMD global, a reference. */
const declaresBeyondItself = /\bdeclare\s+(?:global|module)\b|\bexport\s+as\s+namespace\b|\/\/\/\s*<reference\b/;

/**
 * Whether no file of the program can be seen from a file of another program that does not import it:
 * every file is a module (ES or CommonJS, as the binder found it), and none declares a global, an ambient
 * module or a UMD global, or references another file. A script's top-level declarations are global.
 */
export function separable(program: ts.Program): boolean {
  return program.getSourceFiles().every((sourceFile) => {
    // Set by the parser (`import`/`export`) and the binder (`require`, `module.exports`); not in the public types.
    const indicators = sourceFile as unknown as { readonly externalModuleIndicator?: unknown; readonly commonJsModuleIndicator?: unknown };
    return (indicators.externalModuleIndicator !== undefined || indicators.commonJsModuleIndicator !== undefined) && !declaresBeyondItself.test(sourceFile.text);
  });
}
