import { bundleOf, misplacedLocationUses, renamedClasses, SERVICE_ENTRIES } from './build-services';

describe('service bundles', () => {
  it('sit at the same depth below their package as their entries below src/', () => {
    for (const e of SERVICE_ENTRIES) {
      expect(bundleOf(e, '/r')).toBe(`/r/${e.pkg}/dist/${e.entry}.js`);
    }
  });

  it('refuse bundled code that finds files beside itself from another directory', () => {
    const sources: Record<string, string> = {
      'router/src/server.ts': "path.resolve(__dirname, '..', '..', 'schema')",
      'router/src/portal.ts': "path.resolve(__dirname, '..', '..')",
      'router/src/session/store.ts': 'export const x = 1;',
      'runtime/src/files.ts': "readFileSync(path.join(__dirname, 'x'))",
      'node_modules/pkg/index.js': '__dirname',
    };
    const read = (file: string) => sources[file.replace('/r/', '')] ?? '';
    const main = { pkg: 'router', entry: 'main' };
    expect(misplacedLocationUses(main, Object.keys(sources), read, '/r')).toEqual([
      'runtime/src/files.ts uses its own location, but is bundled into router/dist/main.js',
    ]);
    const cli = { pkg: 'router', entry: 'cli/sessions' };
    expect(misplacedLocationUses(cli, ['router/src/cli/sessions.ts', 'router/src/server.ts'], read, '/r')).toEqual([
      'router/src/server.ts uses its own location, but is bundled into router/dist/cli/sessions.js',
    ]);
  });

  it('notice a class esbuild renamed because two modules declare the same name', () => {
    const bundle = 'var InputError2 = class InputError2 extends AppError {};\nclass Sha256 {}\nvar InputError = class extends AppError {};';
    expect(renamedClasses(bundle, new Set(['InputError', 'AppError', 'Sha256']))).toEqual(['InputError2']);
    expect(renamedClasses(bundle, new Set(['AppError']))).toEqual([]);
  });
});
