import { builtinCatalog } from '@sunset/rule-data';
import type { SunsetOptions } from '@sunset/config';

/** The options of a run with every default, as of the fixtures' day. */
export const projectTestOptions: SunsetOptions = {
  asOf: '2026-11-21',
  failOn: 'deprecated',
  apiHosts: undefined,
  identityHosts: undefined,
  ignores: [],
  reportScheduled: false,
  scheduledWithinDays: 90,
  apis: [],
  customEntries: [],
  catalog: builtinCatalog,
  baseline: undefined,
  rules: {},
  typeAware: false,
  maxFileSize: 1024 * 1024,
  checkMinified: false,
};
