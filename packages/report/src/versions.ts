import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The version of @sunset/rule-data this report was built with: results record it, caches key on it. */
export const ruleDataVersion = (require('@sunset/rule-data/package.json') as { version: string }).version;
export const reportVersion = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
