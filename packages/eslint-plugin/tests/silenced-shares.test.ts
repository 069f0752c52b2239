import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { createPlugin } from '../src/index.js';

// A constant two retired calls read, one of them under an eslint-disable comment: ESLint's --fix would
// apply the other call's fix, which rewrites the constant and so moves the silenced call too. The rule
// reports the other call as a TODO instead (as `sunset check` and `sunset fix` say it), and still
// reports the silenced call for ESLint to silence, so the comment is not "unused".

type EslintPlugin = NonNullable<Linter.Config['plugins']>[string];

const text = [
  "const CAMPAIGNS = '/v1/campaigns';",
  '// eslint-disable-next-line sunset/no-legacy-rest-path -- the partner proxy serves v1 until Q3',
  'export const partner = () => fetch(CAMPAIGNS);',
  'export const list = () => fetch(CAMPAIGNS);',
  '',
].join('\n');

function fixed(source: string): { output: string; messages: string[] } {
  const plugin = createPlugin();
  const config: Linter.Config[] = [
    { ...(plugin.configs.recommended as unknown as Linter.Config), plugins: { sunset: plugin as unknown as EslintPlugin } },
    { settings: { sunset: { asOf: '2024-06-01' } }, linterOptions: { reportUnusedDisableDirectives: 'error' } },
  ];
  const result = new Linter().verifyAndFix(source, config, 'api.js');
  return { output: result.output, messages: result.messages.map((message) => `${message.line}:${message.column} ${message.ruleId ?? 'directive'} ${message.messageId ?? message.message}`) };
}

describe('a constant that a silenced call reads too', () => {
  it('is not rewritten by --fix: the other call is a TODO, and the comment counts as used', () => {
    expect(fixed(text)).toEqual({ output: text, messages: ['4:33 sunset/no-legacy-rest-path retiredTodo'] });
  });

  it('is rewritten once no comment silences either call', () => {
    const open = text.replace(/^\/\/ eslint-disable.*\n/m, '');
    expect(fixed(open)).toEqual({ output: open.replace("'/v1/campaigns'", "'/v1/buyer/campaigns'"), messages: [] });
  });
});
