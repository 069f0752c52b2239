import { parseArgs } from 'node:util';
import { resolveConfig } from '@sunset/engine/config-file';
import { describeOptions } from '../args.js';
import { ExitCode, UsageError } from '../errors.js';
import { nowOf, type CliIo } from '../io.js';
import { explainEntry, explainRule } from './explain-text.js';
import { findSubject, knownNames } from './find-subject.js';

export const explainOptions = {
  list: { type: 'boolean', description: 'List every rule, entry id and retired key explain knows.' },
  'as-of': { type: 'string', value: 'YYYY-MM-DD', description: 'Give the phase on this day instead of today (UTC).' },
  config: { type: 'string', value: 'FILE', description: 'Use this config file (its custom entries can be explained too) instead of searching.' },
  help: { type: 'boolean', short: 'h', description: 'Show this help.' },
} as const;

export const explainHelp = `Usage: sunset explain <rule | entry id | retired key>

Prints, offline, a rule's documentation or an entry's migration guide: its dates, its phase today,
what to use instead, whether sunset fix rewrites it or a person must decide (and why), and an example
of the fix. The words may be given without quotes: sunset explain GET /v1/campaigns/{id}

Options:
${describeOptions(explainOptions)}

Exit codes: 0 explained, 2 unknown name (the closest known one is named) or usage error.
`;

/** `sunset explain`: everything it prints ships in the packages (rule-data, the copied rule docs, the engine's fix). */
export async function runExplain(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: explainOptions, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.replace(/\.$/, '')}. Run \`sunset explain --help\` for the options.`);
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    io.stdout.write(explainHelp);
    return ExitCode.ok;
  }
  const config = await resolveConfig(io.cwd, { config: values.config, asOf: values['as-of'] }, nowOf(io));
  if (values.list === true) {
    io.stdout.write(`${knownNames(config.catalog).map(({ name, what }) => `${name}\t${what}`).join('\n')}\n`);
    return ExitCode.ok;
  }
  const name = positionals.join(' ').trim();
  if (name === '') throw new UsageError('Name what to explain: a rule (no-legacy-rest-path), an entry id (campaigns-legacy-get) or a retired key (GetCampaigns). `sunset explain --list` lists them.');
  const subject = findSubject(name, config.catalog);
  if (subject.kind === 'unknown') {
    const closest = subject.closest === undefined ? '' : ` The closest known name is ${JSON.stringify(subject.closest.name)} (${subject.closest.what}).`;
    throw new UsageError(`Unknown rule, entry id or retired key ${JSON.stringify(name)}.${closest} Run \`sunset explain --list\` for every name.`);
  }
  if (subject.kind === 'rule') {
    io.stdout.write(explainRule(subject.rule, config.catalog.entries));
    return ExitCode.ok;
  }
  // The example runs the engine's fix (the parser and the analysis): loaded for an entry, not for a rule.
  const { entryExample } = await import('./entry-example.js');
  const texts = subject.entries.map((entry) => explainEntry(entry, config.asOf, entryExample(entry, config)));
  io.stdout.write(texts.join('\n────────\n\n'));
  return ExitCode.ok;
}
