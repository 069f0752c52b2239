// @sunset/runtime: the browser-safe API, plus Node's installation and the record-file reader.
export * from './browser.js';
export { createNodeObserver, installRuntime, nodeObserverOutput } from './node/install.js';
export { parseRuntimeRecordText, readRuntimeRecord } from './record/read-record.js';
