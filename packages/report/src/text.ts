/** `1 site`, `3 sites`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `Retired calls left` from `retired calls left`: a phrase at the start of a sentence or a label. */
export function sentenceStart(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Code-unit order, the same on every machine and locale (reports must be stable). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Splits source text into lines the way ESLint counts them (\r\n, \n, \r, U+2028, U+2029). */
export function splitLines(source: string): string[] {
  return source.split(/\r\n|[\r\n\u2028\u2029]/);
}
