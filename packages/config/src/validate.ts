import { createCatalog } from '@sunset/rule-data';
import { closestName } from './closest-name.js';
import { Field, isPlainObject } from './field.js';
import { optionNames, optionSpecs, type OptionPlace } from './options.js';
import type { OptionName, OptionsLayer } from './types.js';

const placeNames: Readonly<Record<OptionPlace, string>> = {
  'config-file': 'sunset.config.json',
  'eslint-settings': "ESLint's settings.sunset",
};

function isOptionName(name: string): name is OptionName {
  return (optionNames as readonly string[]).includes(name);
}

/**
 * Validates what one origin sets (`sunset.config.json`, `package.json ("sunset" key)`,
 * `settings.sunset`, `--as-of`…; see ConfigError for how each is named in messages). Only the
 * `allowed` options may appear (default: every option); an option set to `undefined` counts as
 * absent. Throws a ConfigError naming the origin and the path on the first invalid value.
 */
export function validateOptions(input: unknown, origin: string, allowed: readonly OptionName[] = optionNames): OptionsLayer {
  const root = new Field(origin, '');
  if (!isPlainObject(input)) return root.expected('be an object', input);
  let layer: OptionsLayer = {};
  for (const [name, value] of Object.entries(input)) {
    const field = root.key(name);
    if (!isOptionName(name)) {
      const meant = closestName(name, allowed);
      return field.fail(`is not a known option; ${meant === undefined ? 'the' : `did you mean "${meant}"? The`} known ones are ${allowed.join(', ')}.`);
    }
    if (!allowed.includes(name)) {
      const places = optionSpecs[name].writtenIn.map((place) => placeNames[place]).join(' or ');
      return field.fail(`cannot be set here (it belongs in ${places}); the options here are ${allowed.join(', ')}.`);
    }
    if (value === undefined) continue;
    layer = { ...layer, ...optionSpecs[name].read(value, field) };
  }
  // Custom entries name the APIs written beside them.
  const { customEntries, apis } = layer;
  if (customEntries !== undefined) root.key('customEntries').viaRuleData((name) => createCatalog(customEntries, name, apis ?? []));
  return layer;
}
