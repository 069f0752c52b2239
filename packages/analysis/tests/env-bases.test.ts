import { analyzeFile, type AnalysisOptions, type Finding } from '@sunset/analysis';
import { describe, expect, it } from 'vitest';
import { analysisOptions, applyEdits, lineColumn, parseWith, type ParserName } from './parsers.js';
import { findingsAcrossModules } from './cross-file.js';

// Server-side code (ETL jobs, cron scripts, lambdas) reads its bases from the environment and writes the
// one it means beside it, in a config module or the file itself; and builds URLs the way pre-ES2015
// Node did (`util.format`, an array's `join`). The host a base names says whose API a request is: the
// built-in API's is reported (and rewritten where its path is one literal), another vendor's is not,
// but is a finding with that host under "apiHosts": ["*"].

const parsers: readonly [ParserName, string][] = [
  ['oxc', '.mjs'],
  ['espree', '.mjs'],
  ['typescript-estree', '.ts'],
];

const adform = 'https://api.adform.com';
const snapchat = 'https://adsapi.snapchat.com';

/** `line:column rule key @host migration`, the fix's output and the TODO's cause after it when there are. */
function described(code: string, finding: Finding): string {
  const { line, column } = lineColumn(code, finding.range[0]);
  const facts = finding.retirement!;
  const fix = finding.fix ? ` => ${applyEdits(code, finding.fix).split('\n').find((text, index) => text !== code.split('\n')[index])!}` : '';
  const cause = facts.todoCause ? ` (${facts.todoCause})` : '';
  return `${line}:${column} ${finding.rule} ${facts.retiredKey} @${facts.host ?? '?'} ${facts.migration}${fix}${cause}`;
}

/** The findings of `code` by default (the built-in API's hosts) or with `apiHosts` (`['*']`: every host). */
function findings(parser: ParserName, extension: string, code: string, apiHosts: readonly string[] = ['api.adform.com'], options: Partial<AnalysisOptions> = {}): string[] {
  const file = parseWith(parser, code, `/repo/job${extension}`);
  return analyzeFile(file, analysisOptions(options), { 'no-legacy-rest-path': [{ apiHosts: [...apiHosts] }] }).map((finding) => described(code, finding));
}

const request = 'export const list = () => fetch(`${API}/v1/campaigns`);\n';

describe.each(parsers)('an environment fallback written out in the file (%s)', (parser, extension) => {
  const declarations: readonly [string, (host: string) => string][] = [
    ['process.env.API ?? …', (host) => `const API = process.env.API ?? '${host}';`],
    ['a destructuring default of process.env', (host) => `const { API = '${host}' } = process.env;`],
    ['a renamed destructuring default', (host) => `const { ADS_API: API = '${host}' } = process.env;`],
    ['process.env.API ? process.env.API : …', (host) => `const API = process.env.API ? process.env.API : '${host}';`],
    ['process.env.API !== undefined ? process.env.API : …', (host) => `const API = process.env.API !== undefined ? process.env.API : '${host}';`],
    ["process.env['API'] != null ? process.env['API'] : …", (host) => `const API = process.env['API'] != null ? process.env['API'] : '${host}';`],
    ['process.env.API === undefined ? … : process.env.API', (host) => `const API = process.env.API === undefined ? '${host}' : process.env.API;`],
    ['!process.env.API ? … : process.env.API', (host) => `const API = !process.env.API ? '${host}' : process.env.API;`],
  ];

  it.each(declarations)('%s: the fallback is the base; on api.adform.com the request is reported there and rewritten', (_form, declaration) => {
    expect(findings(parser, extension, `${declaration(adform)}\n${request}`)).toEqual([
      '2:32 no-legacy-rest-path GET /v1/campaigns @api.adform.com rewrite => export const list = () => fetch(`${API}/v1/buyer/campaigns`);',
    ]);
  });

  it.each(declarations)("%s: on another vendor's host the request is not reported, and is with its host under apiHosts *", (_form, declaration) => {
    const code = `${declaration(snapchat)}\n${request}`;
    expect(findings(parser, extension, code)).toEqual([]);
    expect(findings(parser, extension, code, ['*'])).toEqual([
      '2:32 no-legacy-rest-path GET /v1/campaigns @adsapi.snapchat.com rewrite => export const list = () => fetch(`${API}/v1/buyer/campaigns`);',
    ]);
  });

  it.each([
    ['a conditional between two written hosts (a choice, not a fallback)', `const API = process.env.USE_SNAP ? '${snapchat}' : '${adform}';`],
    ['a conditional that tests one variable and reads another', `const API = process.env.A ? process.env.B : '${snapchat}';`],
    ['!== null, which an environment variable never is', `const API = process.env.API !== null ? process.env.API : '${snapchat}';`],
    ["a destructuring default of an object that is not process.env", `const { API = '${snapchat}' } = loadSettings();`],
    ['a conditional over a process the file declares', `const process = { env: loadSettings() };\nconst API = process.env.API ? process.env.API : '${snapchat}';`],
  ])('%s: the base is not known, and the request is reported without a host, as before', (_form, declaration) => {
    const line = declaration.split('\n').length + 1;
    expect(findings(parser, extension, `${declaration}\n${request}`)).toEqual([
      `${line}:32 no-legacy-rest-path GET /v1/campaigns @? rewrite => export const list = () => fetch(\`\${API}/v1/buyer/campaigns\`);`,
    ]);
  });

  it.each([
    ['process.env.URL ?? …', `const URL = process.env.URL ?? '${adform}/v1/campaigns';`],
    ['process.env.URL ? process.env.URL : …', `const URL = process.env.URL ? process.env.URL : '${adform}/v1/campaigns';`],
    ['a destructuring default', `const { URL = '${adform}/v1/campaigns' } = process.env;`],
  ])('%s holding the whole URL: the fallback literal is rewritten, as for ??', (_form, declaration) => {
    const code = `${declaration}\nexport const list = () => fetch(URL);\n`;
    expect(findings(parser, extension, code)).toEqual([`2:32 no-legacy-rest-path GET /v1/campaigns @api.adform.com rewrite => ${declaration.replace('/v1/campaigns', '/v1/buyer/campaigns')}`]);
  });
});

describe.each(parsers)("util.format's URLs (%s)", (parser, extension) => {
  const managers = "fetch(util.format('%s/v1/campaigns/dictionaries/managers', BASE));";

  it.each([
    ["require('node:util')", "const util = require('node:util');"],
    ["import util from 'util'", "import util from 'util';"],
    ["import * as util from 'node:util'", "import * as util from 'node:util';"],
  ])('util of %s: the format string is the path, rewritten in place; BASE names the host', (_form, util) => {
    const code = `${util}\nconst BASE = '${adform}';\n${managers}\n`;
    expect(findings(parser, extension, code)).toEqual([
      "3:6 no-legacy-rest-path GET /v1/campaigns/dictionaries/managers @api.adform.com rewrite => fetch(util.format('%s/v1/buyer/classifiers/managers', BASE));",
    ]);
  });

  it.each([
    ["import { format } from 'node:util'", "import { format } from 'node:util';", 'format'],
    ["const { format } = require('util')", "const { format } = require('util');", 'format'],
    ["require('util').format inline", '', "require('util').format"],
  ])('format of %s', (_form, util, callee) => {
    const code = `${util}\nconst BASE = '${adform}';\nfetch(${callee}('%s/v1/campaigns', BASE));\n`;
    expect(findings(parser, extension, code)).toEqual([`3:6 no-legacy-rest-path GET /v1/campaigns @api.adform.com rewrite => fetch(${callee}('%s/v1/buyer/campaigns', BASE));`]);
  });

  it('%d and %i take a value (a path parameter), %% is a percent sign', () => {
    const code = `import util from 'util';\nconst BASE = '${adform}';\nexport const one = (id) => fetch(util.format('%s/v1/campaigns/%d?share=100%%', BASE, id));\nexport const seven = () => fetch(util.format('%s/v1/campaigns/%i', BASE, 7));\n`;
    expect(findings(parser, extension, code)).toEqual([
      '3:33 no-legacy-rest-path GET /v1/campaigns/{id} @api.adform.com todo',
      '4:33 no-legacy-rest-path GET /v1/campaigns/{id} @api.adform.com todo',
    ]);
  });

  it('a move that would drop a specifier is a TODO: the arguments after it would shift', () => {
    const code = `import util from 'util';\nconst BASE = '${adform}';\nexport const order = (c, o) => fetch(util.format('%s/v1/campaigns/%s/orders/%s', BASE, c, o));\n`;
    expect(findings(parser, extension, code)).toEqual([
      '3:37 no-legacy-rest-path GET /v1/campaigns/{campaignId}/orders/{orderId} @api.adform.com todo (the old path holds a format argument the new one does not, and the arguments after it would move to other specifiers)',
    ]);
  });

  it("another vendor's base through util.format is not reported, and is with its host under apiHosts *", () => {
    const code = `import util from 'util';\nconst SNAP = '${snapchat}';\nfetch(util.format('%s/v1/campaigns', SNAP));\n`;
    expect(findings(parser, extension, code)).toEqual([]);
    expect(findings(parser, extension, code, ['*'])).toEqual(["3:6 no-legacy-rest-path GET /v1/campaigns @adsapi.snapchat.com rewrite => fetch(util.format('%s/v1/buyer/campaigns', SNAP));"]);
  });

  it.each([
    ['a format function of the file', 'function format(text, base) { return base + text; }\n', 'format'],
    ["format of another module of the project", "import { format } from './format';\n", 'format'],
    ['a format method of another object', "const util = require('./util');\n", 'util.format'],
  ])('%s is not read as util.format: nothing, as before', (_form, declaration, callee) => {
    expect(findings(parser, extension, `${declaration}const BASE = '${adform}';\nfetch(${callee}('%s/v1/campaigns', BASE));\n`)).toEqual([]);
  });
});

describe.each(parsers)("an array literal's join (%s)", (parser, extension) => {
  it('[BASE, "v1", "campaigns", …].join("/") is the URL; the path is in several literals, so a TODO', () => {
    const code = `const BASE = '${adform}';\nfetch([BASE, 'v1', 'campaigns', 'dictionaries', 'clients'].join('/'));\n`;
    expect(findings(parser, extension, code)).toEqual([
      '2:6 no-legacy-rest-path GET /v1/campaigns/dictionaries/clients @api.adform.com todo (the retired path cannot be edited where it is written (it is assembled in several places or contains escapes))',
    ]);
  });

  it('a path written as one element is rewritten there; an element that is a value is a path parameter', () => {
    const code = `const BASE = '${adform}';\nfetch([BASE, '/v1/campaigns/dictionaries/managers'].join(''));\nexport const one = (id) => fetch([BASE, 'v1/campaigns', id].join('/'));\n`;
    expect(findings(parser, extension, code)).toEqual([
      "2:6 no-legacy-rest-path GET /v1/campaigns/dictionaries/managers @api.adform.com rewrite => fetch([BASE, '/v1/buyer/classifiers/managers'].join(''));",
      '3:33 no-legacy-rest-path GET /v1/campaigns/{id} @api.adform.com todo',
    ]);
  });

  it("another vendor's base is not reported, and is with its host under apiHosts *", () => {
    const code = `const SNAP = '${snapchat}';\nfetch([SNAP, 'v1', 'campaigns'].join('/'));\n`;
    expect(findings(parser, extension, code)).toEqual([]);
    // The new path differs from the old in the last element alone: that element is edited.
    expect(findings(parser, extension, code, ['*'])).toEqual(["2:6 no-legacy-rest-path GET /v1/campaigns @adsapi.snapchat.com rewrite => fetch([SNAP, 'v1', 'buyer/campaigns'].join('/'));"]);
  });

  it('a separator that is not a literal, or an array that is not one, is not read: nothing, as before', () => {
    const code = `const BASE = '${adform}';\nfetch([BASE, 'v1', 'campaigns'].join(separator));\nfetch(parts.concat(['v1', 'campaigns']).join('/'));\n`;
    expect(findings(parser, extension, code)).toEqual([]);
  });
});

/**
 * The findings of `importer` (`/repo/use<ext>`) with the modules it imports or requires (`./name` →
 * `/repo/name<ext>`) read as the default mode's export tables read them.
 */
function findingsThrough(parser: ParserName, extension: string, importer: string, modules: Readonly<Record<string, string>>, apiHosts: readonly string[] = ['api.adform.com']): string[] {
  const rules = { 'no-legacy-rest-path': [{ apiHosts: [...apiHosts] }] };
  return findingsAcrossModules(parser, extension, importer, modules, analysisOptions(), rules).map(({ finding, declared }) => `${described(importer, finding)}${declared.map((each) => ` <- ${each}`).join('')}`);
}

describe.each(parsers)('a base with an environment fallback in a config module (%s)', (parser, extension) => {
  const configs: readonly [string, (host: string) => string, string][] = [
    ['export const API = process.env.API ?? …', (host) => `export const API = process.env.API ?? '${host}';\n`, "import { API } from './config.mjs';"],
    ['export const API = process.env.API ? process.env.API : …', (host) => `export const API = process.env.API ? process.env.API : '${host}';\n`, "import { API } from './config.mjs';"],
    ['const { API = … } = process.env; export { API }', (host) => `const { API = '${host}' } = process.env;\nexport { API };\n`, "import { API } from './config.mjs';"],
    ['export const { API = … } = process.env', (host) => `export const { API = '${host}' } = process.env;\n`, "import { API } from './config.mjs';"],
    ['exports.API = process.env.API || …', (host) => `exports.API = process.env.API || '${host}';\n`, "const { API } = require('./config.cjs');"],
    ['const API = process.env.API || …; module.exports = { API }', (host) => `const API = process.env.API || '${host}';\nmodule.exports = { API };\n`, "const { API } = require('./config.cjs');"],
    ['module.exports = { API: process.env.API !== undefined ? process.env.API : … }', (host) => `module.exports = { API: process.env.API !== undefined ? process.env.API : '${host}' };\n`, "const { API } = require('./config.cjs');"],
  ];

  it.each(configs)("%s: on another vendor's host the importer's request is not reported, and is with that host under apiHosts *", (_form, config, imports) => {
    const specifier = imports.includes('.cjs') ? './config.cjs' : './config.mjs';
    const importer = `${imports}\n${request}`;
    const line = imports.split('\n').length + 1;
    expect(findingsThrough(parser, extension, importer, { [specifier]: config(snapchat) })).toEqual([]);
    expect(findingsThrough(parser, extension, importer, { [specifier]: config(snapchat) }, ['*'])).toEqual([
      `${line}:32 no-legacy-rest-path GET /v1/campaigns @adsapi.snapchat.com rewrite => export const list = () => fetch(\`\${API}/v1/buyer/campaigns\`);`,
    ]);
  });

  it.each(configs)('%s: on api.adform.com it is reported with that host and rewritten at the request', (_form, config, imports) => {
    const specifier = imports.includes('.cjs') ? './config.cjs' : './config.mjs';
    const line = imports.split('\n').length + 1;
    expect(findingsThrough(parser, extension, `${imports}\n${request}`, { [specifier]: config(adform) })).toEqual([
      `${line}:32 no-legacy-rest-path GET /v1/campaigns @api.adform.com rewrite => export const list = () => fetch(\`\${API}/v1/buyer/campaigns\`);`,
    ]);
  });

  it('a fallback that holds the path is the value the request reads, declared where the fallback is written', () => {
    const config = `export const MANAGERS_URL = process.env.MANAGERS_URL ?? '${adform}/v1/campaigns/dictionaries/managers';\nexport const { CLIENTS_URL = '${adform}/v1/campaigns/dictionaries/clients' } = process.env;\n`;
    const importer = "import { CLIENTS_URL, MANAGERS_URL } from './config.mjs';\nexport const managers = () => fetch(MANAGERS_URL);\nexport const clients = () => fetch(CLIENTS_URL);\n";
    expect(findingsThrough(parser, extension, importer, { './config.mjs': config })).toEqual([
      '2:36 no-legacy-rest-path GET /v1/campaigns/dictionaries/managers @api.adform.com todo (the retired path cannot be edited where it is written (it is assembled in several places or contains escapes)) <- MANAGERS_URL@1:57',
      '3:35 no-legacy-rest-path GET /v1/campaigns/dictionaries/clients @api.adform.com todo (the retired path cannot be edited where it is written (it is assembled in several places or contains escapes)) <- CLIENTS_URL@2:30',
    ]);
  });

  it('a config value that is a conditional between two written hosts stays unknown, as before: reported without a host', () => {
    const config = `export const API = process.env.USE_SNAP ? '${snapchat}' : '${adform}';\n`;
    expect(findingsThrough(parser, extension, `import { API } from './config.mjs';\n${request}`, { './config.mjs': config })).toEqual([
      '2:32 no-legacy-rest-path GET /v1/campaigns @? rewrite => export const list = () => fetch(`${API}/v1/buyer/campaigns`);',
    ]);
  });
});
