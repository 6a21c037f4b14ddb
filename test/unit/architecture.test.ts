import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

/** The import rules of docs/architecture.md, read from the source as it stands. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVICES = join(ROOT, 'services');

function typescriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : typescriptFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The project files a module imports (relative specifiers, static and dynamic), as paths from the root. */
function projectImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers.map((specifier) => relative(ROOT, resolve(dirname(file), specifier)));
}

describe('the shape of the code', function () {
  it('runtime/ imports nothing from a component: only runtime/, the generated types and package.json', function () {
    const offending = typescriptFiles(join(SERVICES, 'runtime')).flatMap((file) =>
      projectImports(file)
        .filter(
          (target) =>
            !target.startsWith('services/runtime/') &&
            !target.startsWith('services/generated/') &&
            target !== 'package.json',
        )
        .map((target) => `${relative(ROOT, file)} imports ${target}`),
    );
    expect(offending).to.deep.equal([]);
  });

  it('no api/ module of a service imports from its ingest/', function () {
    const services = readdirSync(SERVICES, { withFileTypes: true }).filter((e) => e.isDirectory());
    const withApi = services.filter((s) => readdirSync(join(SERVICES, s.name)).includes('api'));
    expect(withApi.map((s) => s.name)).to.include.members([
      'container-indexer',
      'primary-network',
      'evm-data',
      'metrics',
    ]);
    const offending = withApi.flatMap((service) =>
      typescriptFiles(join(SERVICES, service.name, 'api')).flatMap((file) =>
        projectImports(file)
          .filter((target) => target.includes('/ingest/'))
          .map((target) => `${relative(ROOT, file)} imports ${target}`),
      ),
    );
    expect(offending).to.deep.equal([]);
  });

  it('every data service has ingest/, store/ (with its migrations) and api/', function () {
    for (const service of ['container-indexer', 'primary-network', 'evm-data', 'metrics']) {
      const parts = readdirSync(join(SERVICES, service));
      expect(parts, service).to.include.members(['main.ts', 'ingest', 'store', 'api']);
      expect(readdirSync(join(SERVICES, service, 'store')), service).to.include('migrations');
    }
  });
});
