import { readFileSync } from 'node:fs';

/** The version in this package's package.json (one level above both `src/` and `dist/`). */
export function cliVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  if (typeof manifest === 'object' && manifest !== null && 'version' in manifest && typeof manifest.version === 'string') {
    return manifest.version;
  }
  return '0.0.0';
}
