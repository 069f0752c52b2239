import { describe, expect, it } from 'vitest';
import { configFileOrigin, isPackageJsonFile, packageJsonConfigOf } from '../src/index.js';

describe('packageJsonConfigOf', () => {
  it('gives the value of the "sunset" key as written, also one that validation will refuse', () => {
    expect(packageJsonConfigOf({ name: 'app', sunset: { asOf: '2026-01-15' } })).toStrictEqual({ found: true, config: { asOf: '2026-01-15' } });
    expect(packageJsonConfigOf({ sunset: null })).toStrictEqual({ found: true, config: null });
    expect(packageJsonConfigOf({ sunset: [] })).toStrictEqual({ found: true, config: [] });
  });

  it('finds none in a manifest without the key, in one that is no object, or under a look-alike key', () => {
    for (const manifest of [{}, { name: 'app' }, { Sunset: {} }, { sunsetConfig: {} }, { eslintConfig: { sunset: {} } }, [], ['sunset'], 'sunset', 1, null, undefined]) {
      expect(packageJsonConfigOf(manifest)).toStrictEqual({ found: false });
    }
    // A key of the prototype is not the manifest's (JSON.parse makes own keys only).
    expect(packageJsonConfigOf(Object.create({ sunset: {} }) as unknown)).toStrictEqual({ found: false });
    expect(packageJsonConfigOf(JSON.parse('{"__proto__": {"sunset": {}}}') as unknown)).toStrictEqual({ found: false });
  });
});

describe('isPackageJsonFile and configFileOrigin', () => {
  it('know a package.json by its name in either separator, and not a look-alike', () => {
    expect(['package.json', 'app/package.json', 'C:\\app\\package.json', '/repo/package.json'].map(isPackageJsonFile)).toStrictEqual([true, true, true, true]);
    expect(['package.json.bak', 'my-package.json', 'package.jsonc', 'package.json/sunset.config.json', 'sunset.config.json', 'Package.JSON'].map(isPackageJsonFile)).toStrictEqual([
      false, false, false, false, false, false,
    ]);
  });

  it('name a package.json\'s config by its key and another file as shown', () => {
    expect(configFileOrigin('/repo/app/package.json', 'app/package.json')).toBe('app/package.json ("sunset" key)');
    expect(configFileOrigin('/repo/sunset.config.json', 'sunset.config.json')).toBe('sunset.config.json');
    expect(configFileOrigin('/repo/package.json.bak', 'package.json.bak')).toBe('package.json.bak');
  });
});
