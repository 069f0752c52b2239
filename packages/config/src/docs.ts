import { optionNames, optionNamesIn, optionSpecs, type JsonSchema, type OptionPlace } from './options.js';
import type { OptionName } from './types.js';

/** One row of the options reference (README tables are generated from these). */
export interface OptionDoc {
  readonly name: OptionName;
  /** The allowed values (Markdown). */
  readonly type: string;
  readonly default: string;
  readonly meaning: string;
  /** The `sunset` flag that overrides it, or undefined. */
  readonly flag: string | undefined;
  readonly writtenIn: readonly OptionPlace[];
}

export const optionDocs: readonly OptionDoc[] = optionNames.map((name) => {
  const { type, default: defaultValue, meaning, flag, writtenIn } = optionSpecs[name];
  return { name, type, default: defaultValue, meaning, flag, writtenIn };
});

/** The JSON Schema of each option's value (e.g. for an ESLint rule's options schema). */
export const optionJsonSchemas: Readonly<Record<OptionName, JsonSchema>> = Object.fromEntries(
  optionNames.map((name): [OptionName, JsonSchema] => [name, { ...optionSpecs[name].jsonSchema, description: optionSpecs[name].meaning }]),
) as Record<OptionName, JsonSchema>;

const tableHeads: Readonly<Record<OptionPlace, string>> = {
  'config-file': '| field | allowed values | default | meaning | flag |\n|---|---|---|---|---|',
  'eslint-settings': '| setting | allowed values | default | meaning |\n|---|---|---|---|',
};

function flagCell(doc: OptionDoc): string {
  if (doc.flag === undefined) return '—';
  return optionSpecs[doc.name].jsonSchema.type === 'array' ? `\`${doc.flag}\` (repeatable)` : `\`${doc.flag}\``;
}

/** The Markdown reference table of the options written in one place (the flag column for the config file only). */
export function optionsMarkdownTable(place: OptionPlace): string {
  const rows = optionDocs
    .filter((doc) => doc.writtenIn.includes(place))
    .map((doc) => {
      const cells = [`\`${doc.name}\``, doc.type, doc.default, doc.meaning, ...(place === 'config-file' ? [flagCell(doc)] : [])];
      return `| ${cells.join(' | ')} |`;
    });
  return [tableHeads[place], ...rows].join('\n');
}

/** JSON Schema (2020-12) of `sunset.config.json` and of package.json's `sunset` key. */
export const configJsonSchema: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://sunset.dev/schema/sunset.config.schema.json',
  title: 'Sunset configuration (sunset.config.json)',
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(optionNamesIn('config-file').map((name) => [name, optionJsonSchemas[name]])),
};
