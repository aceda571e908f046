// Shared jest setup: ESM TypeScript through @swc/jest (decorators + metadata for Nest DI),
// and workspace packages resolved to their sources so tests never need a build first.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const swc = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

/** @param {string} dir the package directory; @param {object} extra overrides */
export function jestConfig(dir, extra = {}) {
  return {
    displayName: path.relative(root, dir),
    rootDir: dir,
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    transform: { '^.+\\.ts$': ['@swc/jest', swc] },
    moduleNameMapper: {
      '^(\\.{1,2}/.*)\\.js$': '$1',
      '^@sb/(contracts|platform|testing|storage)$': `${root}/libs/$1/src/index.ts`,
      '^@sb/(contracts|platform|testing|storage)/(.*)$': `${root}/libs/$1/src/$2/index.ts`,
      '^@sb/(identity|tickets|connectors|campaigns|reporting)$': `${root}/services/$1/src/index.ts`,
      '^@sb/(identity|tickets|connectors|campaigns|reporting)/(.*)$': `${root}/services/$1/src/$2/index.ts`,
      '^@sb/gateway$': `${root}/gateway/src/index.ts`,
    },
    testMatch: [
      '<rootDir>/src/**/*.spec.ts',
      '<rootDir>/test/**/*.int-spec.ts',
      '<rootDir>/test/**/*.api-spec.ts',
    ],
    testTimeout: 30000,
    ...extra,
  };
}
