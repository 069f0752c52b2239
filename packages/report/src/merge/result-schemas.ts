import { readFileSync } from 'node:fs';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';

const schemasDir = new URL('../../schemas/', import.meta.url);

/** The JSON Schemas shipped in `@sunset/report/schemas/`: the formats results and the history file are written in. */
export const schemaFiles = ['provenance.schema.json', 'sunset-check.schema.json', 'sunset-report.schema.json', 'org-history.schema.json'] as const;

export type SchemaName = 'sunset-check' | 'sunset-report' | 'org-history';

export interface SchemaValidators {
  validate(name: SchemaName, value: unknown): string | undefined;
}

/**
 * Compiles the shipped schemas once per merge; `validate` returns the first problem as one sentence, or
 * undefined. ajv loads here, not with the package: `sunset check --format json` imports this package
 * for the provenance alone.
 */
export async function schemaValidators(): Promise<SchemaValidators> {
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const ajv = new Ajv2020({ allErrors: false, strict: true, validateFormats: false });
  for (const file of schemaFiles) ajv.addSchema(JSON.parse(readFileSync(new URL(file, schemasDir), 'utf8')) as object);
  const compiled = new Map<SchemaName, ValidateFunction>();
  return {
    validate(name, value) {
      let validate = compiled.get(name);
      if (validate === undefined) {
        validate = ajv.getSchema(`https://sunset.invalid/schemas/${name}.schema.json`)!;
        compiled.set(name, validate);
      }
      return validate(value) ? undefined : describeErrors(validate.errors ?? []);
    },
  };
}

function describeErrors(errors: readonly ErrorObject[]): string {
  const [first] = errors;
  if (first === undefined) return 'it does not match the format';
  const where = first.instancePath === '' ? 'the document' : first.instancePath;
  const allowed = first.keyword === 'enum' ? ` (${(first.params as { allowedValues: unknown[] }).allowedValues.map((value) => JSON.stringify(value)).join(', ')})` : '';
  const extra = first.keyword === 'additionalProperties' ? ` (${JSON.stringify((first.params as { additionalProperty: string }).additionalProperty)})` : '';
  return `${where} ${first.message ?? 'is not valid'}${allowed}${extra}`;
}
