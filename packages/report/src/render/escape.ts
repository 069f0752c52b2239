/** Markup that is already escaped; everything else passed to `html` is escaped. */
export class SafeHtml {
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  toString(): string {
    return this.text;
  }
}

type HtmlValue = SafeHtml | string | number | undefined | null | false | readonly HtmlValue[];

/** Text as HTML text or attribute content: `&`, `<`, `>`, `"` and `'` become references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The one way markup is made: every interpolated value is escaped unless it is `SafeHtml` (made by
 * this function), arrays are joined, and `undefined`, `null` and `false` render nothing.
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1]!;
  });
  return new SafeHtml(out);
}

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
}

/**
 * JSON inside `<script type="application/json">`: `<` (so no `</script>` or `<!--` can appear),
 * `>`, `&` and the line separators U+2028/U+2029 are written as `\u` escapes; JSON.parse reads them back.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Code that goes inside `<script>`: it must not contain `</script` or `<!--` (a bundled library is checked, not altered). */
export function assertInlineScript(code: string, name: string): string {
  if (/<\/script|<!--/i.test(code)) throw new Error(`${name} contains </script or <!-- and cannot be inlined.`);
  return code;
}
