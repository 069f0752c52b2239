import { ConfigError, optionNamesIn, validateOptions, type OptionName } from '@sunset/config';
import { UsageError } from '../errors.js';
import type { SunsetConfigFile } from './types.js';

/** The fields of `sunset.config.json`, in the order the README lists them. */
const configFileFields: readonly OptionName[] = optionNamesIn('config-file');

/** Runs a validation, turning its ConfigError into the CLI's usage error (exit 2, message as is). */
export function asUsageError<T>(validate: () => T): T {
  try {
    return validate();
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * Validates the raw config object read from `source` (a display path, used in every message).
 * Unknown fields are errors, so a typo never silently does nothing.
 */
export function validateConfig(raw: unknown, source: string): SunsetConfigFile {
  return asUsageError(() => validateOptions(raw, source, configFileFields));
}

/** A day from the config or a flag; `field` is how the user wrote it (`asOf`, `--as-of`), `source` where. */
export function validateDay(value: unknown, field: string, source: string): string {
  try {
    // `null` for a missing value: validateOptions skips an undefined option, a day is required here.
    return validateOptions({ asOf: value ?? null }, source, ['asOf']).asOf!;
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(new ConfigError(error.origin, field, error.problem).message);
    throw error;
  }
}
