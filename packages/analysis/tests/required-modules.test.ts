import { lineColumnAt } from '@sunset/analysis';
import { findingsAcrossModules } from './cross-file.js';
import { describe, expect, it } from 'vitest';
import { analysisOptions, type ParserName } from './parsers.js';

// A value another module gives by `require` is that module's export, as an ES import's is: the
// analysis asks the cross-file hook about a name bound by `require('./m')` (whole, destructured, or
// `require('./m').X`) and about `require('./m').X` written inline, never about one the file changes.

const options = analysisOptions();
const retirementRules = { 'no-legacy-rest-path': [] } as const;

/** The parsers the faces hand the analysis: the engine's oxc, ESLint's espree and typescript-estree. */
const parsers: readonly [ParserName, string][] = [
  ['oxc', '.js'],
  ['espree', '.js'],
  ['typescript-estree', '.ts'],
];

/**
 * The retirement findings of `importer` (in `/repo/use.js`), the modules it requires read from `modules`
 * (specifier `./name` → the text of `/repo/name.js`) as the default mode's export tables read them:
 * `line:column key <- NAME@line:column` of each value another module gave.
 */
function findingsThrough(parser: ParserName, extension: string, importer: string, modules: Readonly<Record<string, string>>): string[] {
  return findingsAcrossModules(parser, extension, importer, modules, options, retirementRules).map(({ finding, declared }) => {
    const { line, column } = lineColumnAt(importer, finding.range[0]);
    return `${line}:${column} ${finding.retirement?.retiredKey}${declared.map((each) => ` <- ${each}`).join('')}`;
  });
}

const managers = (base: string): string => `axios.get(\`\${${base}}/campaigns/dictionaries/managers\`);\n`;
const header = "const axios = require('axios');\n";

describe.each(parsers)('a value required from another module (%s)', (parser, extension) => {
  const through = (importer: string, modules: Readonly<Record<string, string>>): string[] => findingsThrough(parser, extension, importer, modules);

  describe.each([
    ['module.exports = { API_V1 }', "const API_V1 = 'https://api.adform.com/v1';\nmodule.exports = { API_V1 };\n", 'API_V1@1:16'],
    ["module.exports = { API_V1: '…' }", "module.exports = { API_V1: 'https://api.adform.com/v1' };\n", 'API_V1@1:28'],
    ["exports.API_V1 = '…'", "exports.API_V1 = 'https://api.adform.com/v1';\n", 'API_V1@1:18'],
    ["module.exports.API_V1 = '…'", "module.exports.API_V1 = 'https://api.adform.com/v1';\n", 'API_V1@1:25'],
    ['module.exports = CONFIG (a constant object)', "const CONFIG = { API_V1: 'https://api.adform.com/v1' };\nmodule.exports = CONFIG;\n", 'CONFIG.API_V1@1:26'],
    ["an ES module: export const API_V1 = '…'", "export const API_V1 = 'https://api.adform.com/v1';\n", 'API_V1@1:23'],
  ])('exported as %s', (_form, config, declared) => {
    it.each([
      ["const { API_V1 } = require('./config')", "const { API_V1 } = require('./config');\n", 'API_V1'],
      ["const { API_V1: BASE } = require('./config')", "const { API_V1: BASE } = require('./config');\n", 'BASE'],
      ["const config = require('./config'); config.API_V1", "const config = require('./config');\n", 'config.API_V1'],
      ["require('./config').API_V1 inline", '', "require('./config').API_V1"],
      ["const API_V1 = require('./config').API_V1", "const API_V1 = require('./config').API_V1;\n", 'API_V1'],
      ["var { API_V1 } = require('./config'), never reassigned", "var { API_V1 } = require('./config');\n", 'API_V1'],
    ])('reads it through %s, at the request, with its declaration', (_shape, binding, read) => {
      const importer = `${header}${binding}${managers(read)}`;
      const line = importer.split('\n').length - 1;
      expect(through(importer, { './config': config })).toEqual([`${line}:11 GET /v1/campaigns/dictionaries/managers <- ${declared}`]);
    });
  });

  it('reads a member of an exported object (m.A.B, and A.B of a destructured A)', () => {
    const paths = "module.exports = {\n  API: { managers: '/v1/campaigns/dictionaries/managers', labels: '/v1/campaigns/dictionaries/labels' },\n};\n";
    const importer = [header, "const paths = require('./paths');", "const { API } = require('./paths');", 'fetch(paths.API.managers);', 'fetch(API.labels);', ''].join('\n');
    expect(through(importer, { './paths': paths })).toEqual([
      '5:7 GET /v1/campaigns/dictionaries/managers <- API.managers@2:20',
      '6:7 GET /v1/campaigns/dictionaries/labels <- API.labels@2:67',
    ]);
  });

  it('splits a path between a required base and a required path as an import does (API_BASE + CAMPAIGNS_PATH + id)', () => {
    const paths = "const API_BASE = 'https://api.adform.com';\nconst CAMPAIGNS_PATH = '/v1/campaigns';\nmodule.exports = { API_BASE, CAMPAIGNS_PATH };\n";
    const importer = `${header}const { API_BASE, CAMPAIGNS_PATH } = require('./paths');\nexports.getCampaign = (id) => axios.get(API_BASE + CAMPAIGNS_PATH + '/' + id);\n`;
    // The origin is read for its host only: the path's declaration is the one named.
    expect(through(importer, { './paths': paths })).toEqual(['3:41 GET /v1/campaigns/{id} <- CAMPAIGNS_PATH@2:24']);
  });

  it('passes a required value on: module.exports = { X } of a constant another module gave', () => {
    const barrel = "const { MANAGERS } = require('./paths');\nmodule.exports = { MANAGERS, LABELS: '/v1/campaigns/dictionaries/labels' };\n";
    const importer = `${header}const { MANAGERS, LABELS } = require('./barrel');\nfetch(MANAGERS);\nfetch(LABELS);\n`;
    expect(through(importer, { './barrel': barrel, './paths': "exports.MANAGERS = '/v1/campaigns/dictionaries/managers';\n" })).toEqual([
      '3:7 GET /v1/campaigns/dictionaries/managers <- MANAGERS@1:20',
      '4:7 GET /v1/campaigns/dictionaries/labels <- LABELS@2:38',
    ]);
  });

  it('follows a require inside a function, as one at the top of the file', () => {
    const importer = `${header}function managers() {\n  const { API_V1 } = require('./config');\n  return ${managers('API_V1')}}\n`;
    expect(through(importer, { './config': "exports.API_V1 = 'https://api.adform.com/v1';\n" })).toEqual(['4:20 GET /v1/campaigns/dictionaries/managers <- API_V1@1:18']);
  });
});

describe.each(parsers)('what is not read from a required module (%s)', (parser, extension) => {
  const config = "module.exports = { API_V1: 'https://api.adform.com/v1', MANAGERS: '/v1/campaigns/dictionaries/managers' };\n";
  const through = (importer: string): string[] => findingsThrough(parser, extension, importer, { './config': config });

  it('a let the file reassigns: not a constant', () => {
    expect(through(`${header}let { MANAGERS } = require('./config');\nif (process.env.V2) MANAGERS = process.env.V2;\nfetch(MANAGERS);\n`)).toEqual([]);
  });

  it('a required object whose member the file changes (in a function)', () => {
    const importer = `${header}function managers() {\n  const config = require('./config');\n  config.MANAGERS = process.env.MANAGERS;\n  return fetch(config.MANAGERS);\n}\n`;
    expect(through(importer)).toEqual([]);
  });

  it('a dynamic require(variable)', () => {
    expect(through(`${header}const name = process.env.CONFIG;\nconst { MANAGERS } = require(name);\nfetch(MANAGERS);\n`)).toEqual([]);
  });

  it('a parameter that shadows a required name', () => {
    expect(through(`${header}const { MANAGERS } = require('./config');\nexports.list = (MANAGERS) => fetch(MANAGERS);\n`)).toEqual([]);
  });

  it('a name with a default value in the pattern: its value may be the default', () => {
    expect(through(`${header}const { MANAGERS = '/v1/buyer/classifiers/managers' } = require('./config');\nfetch(MANAGERS);\n`)).toEqual([]);
  });
});
