// @sunset/report: `sunset report`, the migration inventory and its burndown.
export { runReport, buildReport, reportHelp } from './run-report.js';
export { parseReportArgs, reportFormats, type ReportArgs, type ReportFormat } from './args.js';
export type { ReportIo } from './io.js';
export type * from './inventory/types.js';
export { parseCodeowners, codeownersLocations, type Codeowners } from './owners/codeowners.js';
export { renderHtml, type HtmlOptions } from './render/html.js';
export { renderMarkdown } from './render/markdown.js';
export { renderJson } from './render/json.js';
export { sampleDays } from './history/sample-days.js';
