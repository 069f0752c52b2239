import { describe, expect, it } from 'vitest';
import { lintThreadCount } from '../src/check/lint-files.js';

describe('lintThreadCount', () => {
  it('lints in one thread unless more are requested', () => {
    expect(lintThreadCount(5000)).toBe(1);
  });

  it('gives each requested thread at least 40 candidates', () => {
    expect(lintThreadCount(1000, 4)).toBe(4);
    expect(lintThreadCount(100, 4)).toBe(3);
    expect(lintThreadCount(80, 4)).toBe(2);
    expect(lintThreadCount(40, 4)).toBe(1);
    expect(lintThreadCount(1, 8)).toBe(1);
  });
});
