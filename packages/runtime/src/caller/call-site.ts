/** Where in the application a request was made. `file` is a path, or a URL outside the file system (browser). */
export interface CallerLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** Raw stack text, produced only when a finding needs it (formatting a stack costs far more than capturing it). */
export type StackSource = () => string | undefined;

/** Deep enough for the undici and axios frames between the application and the observer. */
const stackDepth = 80;

/** Captures the current stack now; formats it only when the returned source is called. */
export function captureStack(depth = stackDepth): StackSource {
  const holder: { stack?: string } = {};
  const errorConstructor = Error as ErrorConstructor & { stackTraceLimit?: number; captureStackTrace?: (target: object) => void };
  const saved = errorConstructor.stackTraceLimit;
  errorConstructor.stackTraceLimit = depth;
  try {
    if (errorConstructor.captureStackTrace) errorConstructor.captureStackTrace(holder);
    else holder.stack = new Error().stack;
  } finally {
    errorConstructor.stackTraceLimit = saved;
  }
  return () => holder.stack;
}

/** This package's own code (`src/` and `dist/` beside this module's folder), as path prefixes. */
const ownFolders = ['src/', 'dist/'].map((folder) => locationPath(new URL(`../../${folder}`, import.meta.url).href));

/** A stack location as a path: `file:///app/a.mjs` → `/app/a.mjs`; other URLs stay as they are. */
function locationPath(location: string): string {
  if (!location.startsWith('file://')) return location;
  const path = decodeURIComponent(new URL(location).pathname);
  return /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path;
}

const v8Frame = /^\s*at (?:.*? \()?(?:async )?(.+?):(\d+):(\d+)\)?$/;
const geckoFrame = /^(?:.*@)?(.+?):(\d+):(\d+)$/;

/** A frame of the application: not Node's internals, not a dependency, not this package. */
function isApplicationFile(file: string): boolean {
  if (file.startsWith('node:') || file.startsWith('internal/') || file.startsWith('<') || file === 'native') return false;
  if (file.includes('/node_modules/') || file.includes('\\node_modules\\')) return false;
  return !ownFolders.some((folder) => file.startsWith(folder));
}

/** The first application frame of a V8 (`at f (file:1:2)`) or Gecko/WebKit (`f@file:1:2`) stack. */
export function callerFromStack(stack: string | undefined): CallerLocation | undefined {
  if (stack === undefined) return undefined;
  for (const line of stack.split('\n')) {
    const frame = v8Frame.exec(line) ?? (line.includes('@') ? geckoFrame.exec(line.trim()) : null);
    if (!frame) continue;
    const file = locationPath(frame[1]!);
    if (!isApplicationFile(file)) continue;
    return { file, line: Number(frame[2]), column: Number(frame[3]) };
  }
  return undefined;
}
