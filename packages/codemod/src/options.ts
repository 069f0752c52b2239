import { ConfigError, resolveOptions, validateOptions, type SunsetOptions } from '@sunset/config';
import type { CodemodOptions } from './types.js';

/** A codemod option with a value the codemod cannot use; the message names the option and the fix. */
export class CodemodOptionError extends Error {
  readonly option: string;

  constructor(option: string, message: string) {
    super(message);
    this.name = 'CodemodOptionError';
    this.option = option;
  }
}

/**
 * The transform's options (from jscodeshift's command line they arrive as strings) validated by the
 * one schema every face shares; errors name the option.
 */
export function sunsetOptionsFrom(options: CodemodOptions, now: Date = new Date()): SunsetOptions {
  const layer = {
    asOf: options.asOf,
    apiHosts: typeof options.apiHosts === 'string' ? options.apiHosts.split(',').map((host) => host.trim()) : options.apiHosts,
    customEntries: customEntriesFrom(options.customEntries),
  };
  try {
    return resolveOptions([validateOptions(layer, 'codemod option', ['asOf', 'apiHosts', 'customEntries'])], now);
  } catch (error) {
    if (error instanceof ConfigError) throw new CodemodOptionError(error.path, error.message);
    throw error;
  }
}

function customEntriesFrom(customEntries: unknown): unknown {
  if (typeof customEntries !== 'string') return customEntries;
  try {
    return JSON.parse(customEntries) as unknown;
  } catch {
    throw new CodemodOptionError(
      'customEntries',
      'Option "customEntries" given as text must be a JSON array of retirement entries; check the quoting of the value.',
    );
  }
}
