import { dereference, validate } from '@readme/openapi-parser';
import { OpenApiImportError } from '../problems.js';
import { describeOperations, type Description } from './description.js';

/** What the parser's errors carry besides a message (json-schema-ref-parser's ResolverError). */
interface ParserErrorFields {
  readonly ioErrorCode?: string;
}

const fail = (file: string, message: string): never => {
  throw new OpenApiImportError([{ file, message }]);
};

/**
 * Reads one OpenAPI 3.0 or 3.1 description (YAML or JSON, local `$ref`s and other files it refers to)
 * with @readme/openapi-parser: validated against the OpenAPI schema, then dereferenced.
 * `file` is how messages name it; `filePath` is where it is read.
 */
export async function loadDescription(file: string, filePath: string): Promise<Description> {
  const swapPath = (message: string): string => message.replaceAll(filePath, file);
  let document: unknown;
  try {
    const result = await validate(filePath);
    if (result.specification === 'Swagger') {
      fail(file, 'is a Swagger 2.0 description; Sunset imports OpenAPI 3.0 and 3.1 (convert it first, for example with swagger2openapi).');
    }
    if (!result.valid) {
      const more = result.additionalErrors > 0 ? `\n(and ${result.additionalErrors} more)` : '';
      fail(file, `is not a valid OpenAPI description:\n${result.errors.map((error) => swapPath(error.message)).join('\n')}${more}`);
    }
    document = await dereference(filePath);
  } catch (error) {
    if (error instanceof OpenApiImportError) throw error;
    const code = (error as ParserErrorFields).ioErrorCode;
    if (code === 'ENOENT') fail(file, 'cannot be read: there is no such file.');
    if (code !== undefined) fail(file, `cannot be read (${code}).`);
    fail(file, `cannot be read as an OpenAPI description: ${swapPath(error instanceof Error ? error.message : String(error))}`);
  }
  return describeOperations(document as Record<string, unknown>, file);
}
