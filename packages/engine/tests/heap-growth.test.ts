import { setFlagsFromString } from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdHeapGrowth, holdNoInlining } from '../src/check/young-generation.js';

vi.mock('node:v8', () => ({ setFlagsFromString: vi.fn() }));
const flags = vi.mocked(setFlagsFromString);
afterEach(() => flags.mockClear());

describe('holdHeapGrowth', () => {
  it("sets the growth, and its release restores V8's own, once", () => {
    const release = holdHeapGrowth(20);
    release();
    release();
    expect(flags.mock.calls.map(([flag]) => flag)).toEqual(['--heap-growing-percent=20', '--heap-growing-percent=0']);
  });

  it('nests: releasing an inner hold restores the outer one, not the default', () => {
    const outer = holdHeapGrowth(20);
    const inner = holdHeapGrowth(35);
    inner();
    outer();
    expect(flags.mock.calls.map(([flag]) => flag)).toEqual(['--heap-growing-percent=20', '--heap-growing-percent=35', '--heap-growing-percent=20', '--heap-growing-percent=0']);
  });
});

describe('holdNoInlining', () => {
  it("turns TurboFan's inlining off where Maglev does not compile warm code first (V8 before 13), and its release turns it on again, once", () => {
    const release = holdNoInlining();
    release();
    release();
    const held = Number(process.versions.v8.split('.')[0]) < 13;
    expect(flags.mock.calls.map(([flag]) => flag)).toEqual(held ? ['--no-turbo-inlining', '--turbo-inlining'] : []);
  });
});
