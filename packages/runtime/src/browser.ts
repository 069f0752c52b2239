// What runs in a browser: no node: imports anywhere below this module.
export { callerFromStack, captureStack, type CallerLocation, type StackSource } from './caller/call-site.js';
export { RetiredEndpointError, RuntimeOptionsError, RuntimeRecordError } from './errors.js';
export { installSunsetAxios, type AxiosConfigLike, type AxiosLike, type AxiosResponseLike } from './hooks/axios.js';
export { withSunset } from './hooks/fetch.js';
export { sunsetGotHandler, type GotHandler, type GotOptionsLike } from './hooks/got.js';
export { isApiHost } from './match/api-hosts.js';
export { readServerDeprecation, type ServerDeprecation } from './match/deprecation-headers.js';
export type { HeaderLookup, ObservedRequest } from './match/observed-request.js';
export { matchRetiredRequest } from './match/retired-request.js';
export { createObserver, type ObserverOutput, type RuntimeObserver } from './observer.js';
export {
  resolveRuntimeOptions,
  runtimeEnvironmentVariables,
  runtimeModes,
  runtimeOptionsFromEnvironment,
  type RuntimeMode,
  type RuntimeOptions,
  type RuntimeOptionsInput,
} from './options.js';
export { maskUrl } from './privacy/mask-url.js';
export {
  mergeRuntimeRecords,
  parseRuntimeRecord,
  runtimeRecordSiteKey,
  type DeprecationHeaderRecord,
  type RetiredCallRecord,
  type RuntimeRecord,
} from './record/record-line.js';
