import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { scheduleDocument, scheduleJsonSchema, scheduleMarkdownTable } from '@sunset/rule-data';

const read = (name: string): string => readFileSync(fileURLToPath(new URL(`../${name}`, import.meta.url)), 'utf8');
const fix = 'run `pnpm generate` to regenerate it from the data';

describe('files generated from the data', () => {
  it(`schedule.json equals the data (${fix})`, () => {
    expect(read('schedule.json')).toBe(`${JSON.stringify(scheduleDocument(), null, 2)}\n`);
  });

  it(`schedule.schema.json equals the schema (${fix})`, () => {
    expect(read('schedule.schema.json')).toBe(`${JSON.stringify(scheduleJsonSchema, null, 2)}\n`);
  });

  it('schedule.json validates against its JSON Schema', () => {
    const ajv = new Ajv2020.default({ strict: false });
    const validate = ajv.compile(JSON.parse(read('schedule.schema.json')) as object);
    expect(validate(JSON.parse(read('schedule.json')))).toBe(true);
    expect(validate({ source: 'x', entries: [{ id: 'BAD ID' }], reportingLimits: [], reportingQuotas: [] })).toBe(false);
  });

  it(`the README schedule table equals the data (${fix})`, () => {
    expect(read('README.md')).toContain(`do not edit) -->\n${scheduleMarkdownTable()}\n<!-- schedule:end -->`);
  });
});
