/** A problem with rule data or its inputs (a date, a custom entry); `field` names what is wrong. */
export class RuleDataError extends Error {
  readonly field: string | undefined;

  constructor(message: string, field?: string) {
    super(message);
    this.name = 'RuleDataError';
    this.field = field;
  }
}
