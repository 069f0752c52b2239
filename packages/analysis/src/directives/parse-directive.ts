// The comment grammar of ESLint 10 (@eslint/plugin-kit's ConfigCommentParser), for the directives
// `sunset check` honours. Kept byte-for-byte in behaviour; tests/directives.test.ts compares with ESLint.

export interface DirectiveComment {
  /** `eslint-disable`, `eslint-enable`, `eslint-disable-line`, `eslint-disable-next-line`, `eslint`, … */
  readonly label: string;
  /** What follows the label, trimmed, without the `-- reason`. */
  readonly value: string;
  readonly justification: string;
}

/** Splits `label value -- justification` as ESLint does; undefined when the comment is not a directive. */
export function parseDirective(comment: string): DirectiveComment | undefined {
  const separator = /\s-{2,}\s/u.exec(comment);
  const directive = separator === null ? comment.trim() : comment.slice(0, separator.index).trim();
  const justification = separator === null ? '' : comment.slice(separator.index + separator[0].length).trim();
  const match = /^([a-z]+(?:-[a-z]+)*)(?:\s|$)/u.exec(directive);
  if (match === null) return undefined;
  const label = match[1]!;
  return { label, value: directive.slice(label.length).trim(), justification };
}

/** `a, "b", 'c'` → `['a', 'b', 'c']`: the rule ids of a disable/enable directive (none: every rule). */
export function parseRuleList(value: string): string[] {
  const ids = new Set<string>();
  for (const part of value.split(',')) {
    const id = part.trim().replace(/^(?<quote>['"]?)(?<ruleId>.*)\k<quote>$/su, '$<ruleId>');
    if (id !== '') ids.add(id);
  }
  return [...ids];
}

const validSeverities = new Set<unknown>([0, 1, 2, 'off', 'warn', 'error']);

/**
 * The rules configuration of an `/* eslint rule: severity *\/` comment, or undefined when ESLint could
 * not parse it (ESLint then reports a problem and ignores the comment). ESLint reads it with levn's
 * `Object` type first and falls back to JSON; this covers levn's forms for rule configs (unquoted keys
 * and words, numbers, quoted strings, arrays, optional braces) and the same JSON fallback.
 */
export function parseRulesConfig(value: string): Record<string, unknown> | undefined {
  const levnLike = parseLevnObject(value);
  if (levnLike !== undefined && Object.values(levnLike).every(isSeverityValid)) return levnLike;
  const normalized = value.replace(/(?<![-a-zA-Z0-9/])([-a-zA-Z0-9/]+):/gu, '"$1":').replace(/([\]0-9])\s+(?=")/u, '$1,');
  try {
    const parsed: unknown = JSON.parse(`{${normalized}}`);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function isSeverityValid(ruleConfig: unknown): boolean {
  return validSeverities.has(Array.isArray(ruleConfig) ? ruleConfig[0] : ruleConfig);
}

/** A small reader for levn's `Object` literal syntax: `{ a: 1, "b": [2, x] }` or `a: 1, b: off`. */
function parseLevnObject(input: string): Record<string, unknown> | undefined {
  let text = input.trim();
  if (text.startsWith('{') && text.endsWith('}')) text = text.slice(1, -1);
  const result: Record<string, unknown> = {};
  for (const entry of splitTopLevel(text)) {
    if (entry.trim() === '') continue;
    const colon = keyEnd(entry);
    if (colon < 0) return undefined;
    const key = unquote(entry.slice(0, colon).trim());
    const valueText = entry.slice(colon + 1).trim();
    if (key === '' || valueText === '') return undefined;
    result[key] = parseLevnValue(valueText);
  }
  return result;
}

function keyEnd(entry: string): number {
  const trimmed = entry.trimStart();
  const offset = entry.length - trimmed.length;
  const quote = trimmed[0];
  if (quote === '"' || quote === "'") {
    const close = trimmed.indexOf(quote, 1);
    return close < 0 ? -1 : entry.indexOf(':', offset + close + 1);
  }
  return entry.indexOf(':');
}

function parseLevnValue(text: string): unknown {
  // A rule's options object (`["error", { apiHosts: ["gw.example.com"] }]`): levn reads it as an object,
  // not as the text of one, and ESLint hands the rule that object.
  if (text.startsWith('{') && text.endsWith('}')) return parseLevnObject(text) ?? text;
  if (text.startsWith('[') && text.endsWith(']')) {
    return splitTopLevel(text.slice(1, -1))
      .map((item) => item.trim())
      .filter((item) => item !== '')
      .map(parseLevnValue);
  }
  if (/^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i.test(text)) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'null') return null;
  return unquote(text);
}

function unquote(text: string): string {
  const quote = text[0];
  return (quote === '"' || quote === "'") && text.endsWith(quote) && text.length >= 2 ? text.slice(1, -1) : text;
}

/** Splits at commas outside brackets, braces and quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quote !== undefined) {
      if (char === '\\') index++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '[' || char === '{') depth++;
    else if (char === ']' || char === '}') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
