import type { ReportData } from '../inventory/types.js';

/** `--format json`: the data the page and the Markdown summary are made of. */
export function renderJson(data: ReportData): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}
