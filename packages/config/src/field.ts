import { describeValue, RuleDataError } from '@sunset/rule-data';
import { ConfigError } from './errors.js';

/** Where a value sits while it is validated: the origin and the path inside it. */
export class Field {
  constructor(
    readonly origin: string,
    readonly path: string,
  ) {}

  key(name: string): Field {
    return new Field(this.origin, this.path === '' ? name : `${this.path}.${name}`);
  }

  /** The item at `index` of an array: `rules.sunset/no-sync-reporting[1]`. */
  item(index: number): Field {
    return new Field(this.origin, `${this.path}[${index}]`);
  }

  fail(problem: string): never {
    throw new ConfigError(this.origin, this.path, problem);
  }

  /** Fails with `must …, got <value>.` */
  expected(requirement: string, value: unknown): never {
    return this.fail(`must ${requirement}, got ${describeValue(value)}.`);
  }

  /**
   * Runs a rule-data validator called with this path as its field name, re-throwing its error as a
   * ConfigError at the field it names (`customEntries[0].gaEnds`), with the same wording.
   */
  viaRuleData<T>(validate: (fieldName: string) => T): T {
    try {
      return validate(this.path);
    } catch (error) {
      if (!(error instanceof RuleDataError)) throw error;
      const path = error.field ?? this.path;
      const problem = error.message.startsWith(`${path} `) ? error.message.slice(path.length + 1) : error.message;
      throw new ConfigError(this.origin, path, problem);
    }
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
