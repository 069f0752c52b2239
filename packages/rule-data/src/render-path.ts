import type { ParamBinding } from './types.js';

const templatePiece = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Renders a replacement path template with the parameters bound from the old URL: static text
 * stays text, a parameter bound to a hole becomes that hole (by its part index). Returns undefined
 * when the template needs a parameter the old URL did not bind.
 */
export function renderPath(template: string, params: Readonly<Record<string, ParamBinding>>): ParamBinding[] | undefined {
  const rendered: ParamBinding[] = [];
  const pushText = (value: string): void => {
    if (value === '') return;
    const last = rendered[rendered.length - 1];
    if (last?.kind === 'text') rendered[rendered.length - 1] = { kind: 'text', value: last.value + value };
    else rendered.push({ kind: 'text', value });
  };
  let cursor = 0;
  for (const match of template.matchAll(templatePiece)) {
    pushText(template.slice(cursor, match.index));
    const binding = params[match[1]!];
    if (binding === undefined) return undefined;
    if (binding.kind === 'text') pushText(binding.value);
    else rendered.push(binding);
    cursor = match.index + match[0].length;
  }
  pushText(template.slice(cursor));
  return rendered;
}

/** The `{param}` names of a path template, in order. */
export function templateParams(template: string): string[] {
  return [...template.matchAll(templatePiece)].map((match) => match[1]!);
}
