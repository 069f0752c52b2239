import { fixSource, type ResolvedConfig } from '@sunset/engine';
import type { RetirementEntry } from '@sunset/rule-data';

/** A call of the entry as client code writes it, and what `sunset fix` makes of it (the engine's own output). */
export interface EntryExample {
  readonly before: string;
  readonly after: string;
}

/** A request to the entry: `fetch` for a path (its parameters as variables), a node-soap client for an operation. */
function sampleCall(entry: RetirementEntry): string {
  if (entry.kind === 'operation') {
    return `import soap from 'soap';\n\nconst client = await soap.createClientAsync(WSDL_URL);\nconst [result] = await client.${entry.operation}Async(args);\n`;
  }
  const path = (entry.scope === 'prefix' ? `${entry.path}/{resource}` : entry.path).replace(/\{(\w+)\}/g, (_, name: string) => `\${${name}}`);
  const method = entry.method === '*' || entry.method === 'GET' ? '' : `, { method: '${entry.method}' }`;
  return `const response = await fetch(\`\${API_BASE}${path}\`${method});\n`;
}

/** The before/after of `sunset fix` on a sample call; undefined when the fix leaves it as it is. */
export function entryExample(entry: RetirementEntry, config: ResolvedConfig): EntryExample | undefined {
  const before = sampleCall(entry);
  const fixed = fixSource(before, 'example.ts', config);
  return fixed.output === undefined ? undefined : { before, after: fixed.output };
}
