/** The key under which a package.json holds a Sunset config. */
export const packageJsonConfigKey = 'sunset';

/** Whether a config file is a package.json, whose config is its `"sunset"` key (either path separator: no `node:path` here). */
export function isPackageJsonFile(file: string): boolean {
  return /(?:^|[\\/])package\.json$/.test(file);
}

/** How errors name a config file shown as `shown`: a package.json by its key, `package.json ("sunset" key)`; another file as shown. */
export function configFileOrigin(file: string, shown: string): string {
  return isPackageJsonFile(file) ? `${shown} ("${packageJsonConfigKey}" key)` : shown;
}

/** A parsed package.json's Sunset config: the value of its `"sunset"` key, or none. */
export type PackageJsonConfig = { readonly found: true; readonly config: unknown } | { readonly found: false };

/**
 * The config a parsed package.json holds under its `"sunset"` key: the one reading of that key for the
 * CLI's config lookup and `--config`, and the runtime's `SUNSET_CONFIG`. A value that is not an object
 * holds none. The value under the key is returned as written, for the caller to validate.
 */
export function packageJsonConfigOf(manifest: unknown): PackageJsonConfig {
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest) || !Object.hasOwn(manifest, packageJsonConfigKey)) return { found: false };
  return { found: true, config: (manifest as Record<string, unknown>)[packageJsonConfigKey] };
}
