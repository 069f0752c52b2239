import type { AnalysisOptions } from '@sunset/analysis';
import { createCatalog, parseIsoDay } from '@sunset/rule-data';
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

/** Checks the codemod's options (which may come as strings from a command line) and builds the analysis options. */
export function analysisOptionsFrom(options: CodemodOptions): AnalysisOptions {
  return {
    ...(options.asOf === undefined ? {} : { asOf: parseIsoDay(options.asOf, 'asOf') }),
    ...(options.apiHosts === undefined ? {} : { apiHosts: apiHostsFrom(options.apiHosts) }),
    ...catalogOption(options),
  };
}

function apiHostsFrom(apiHosts: unknown): string[] {
  const hosts: unknown = typeof apiHosts === 'string' ? apiHosts.split(',') : apiHosts;
  if (!Array.isArray(hosts) || !hosts.every((host): host is string => typeof host === 'string' && host.trim() !== '')) {
    throw new CodemodOptionError(
      'apiHosts',
      `Option "apiHosts" must be a list of host names or a comma-separated string, got ${JSON.stringify(apiHosts)}; pass e.g. --apiHosts=api.example.com,api2.example.com.`,
    );
  }
  return hosts.map((host) => host.trim());
}

function catalogOption(options: CodemodOptions): Partial<Pick<AnalysisOptions, 'catalog'>> {
  if (options.catalog !== undefined) {
    return { catalog: options.catalog };
  }
  if (options.customEntries === undefined) {
    return {};
  }
  return { catalog: createCatalog(customEntriesFrom(options.customEntries)) };
}

function customEntriesFrom(customEntries: unknown): unknown {
  if (typeof customEntries !== 'string') {
    return customEntries;
  }
  try {
    return JSON.parse(customEntries) as unknown;
  } catch {
    throw new CodemodOptionError(
      'customEntries',
      'Option "customEntries" given as text must be a JSON array of retirement entries; check the quoting of the value.',
    );
  }
}
