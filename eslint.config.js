// Flat config for the whole workspace. Type-aware rules catch floating promises and non-exhaustive switches;
// `no-restricted-imports` encodes the architecture's module boundaries (ARCHITECTURE.md §2, CONVENTIONS.md).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const services = ['identity', 'tickets', 'connectors', 'campaigns', 'reporting'];
const noDeepImports = {
  group: ['@sb/*/src', '@sb/*/src/**', '@sb/*/dist/**'],
  message: 'Import through the package entrypoint.',
};
const boundary = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [noDeepImports, { group: forbidden, message }] },
    ],
  },
});

// Issue 16: SQL and TypeORM live in repositories (every tenant method takes the company id), entities,
// migrations, the data-source setup and tests. Type-only imports (a transaction's EntityManager passed
// through) stay allowed everywhere.
const sqlHomes = [
  '**/*.repository.ts',
  '**/*.entity.ts',
  '**/migrations/**',
  '**/*.spec.ts',
  '**/*.int-spec.ts',
  '**/test/**',
  'libs/platform/src/db/**',
  'libs/platform/src/outbox/**',
  'libs/platform/src/embedded-postgres/**',
  'libs/testing/**',
];
const sqlOnlyInRepositories = {
  files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts', 'standalone/src/**/*.ts'],
  ignores: sqlHomes,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: 'typeorm',
            message: 'TypeORM only in *.repository.ts (entities, migrations, tests).',
            allowTypeImports: true,
          },
        ],
      },
    ],
    'no-restricted-syntax': [
      'error',
      {
        selector:
          'CallExpression[callee.property.name=/^(query|createQueryBuilder|getRepository|getTreeRepository)$/]',
        message:
          'SQL only in *.repository.ts: add a repository method (companyId first for tenant tables).',
      },
      {
        // an EntityManager's own reads and writes (manager.update(Ticket, ...)) are SQL too
        selector:
          'CallExpression[callee.object.name=/^(manager|em|entityManager)$/][callee.property.name=/^(find|findOne|findBy|findOneBy|count|exists|insert|update|upsert|save|remove|delete|softDelete|increment|decrement)$/]',
        message:
          'SQL only in *.repository.ts: add a repository method (companyId first for tenant tables).',
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.nx/**',
      '**/.data/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // a promise handed where nothing awaits it (an event handler, a timer) loses its errors
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': ['error', { patterns: [noDeepImports] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // one schema per concept: a record's id and a page number each have theirs
    files: ['libs/contracts/src/**/*.ts'],
    ignores: ['libs/contracts/src/http/record-ids.ts', 'libs/contracts/src/http/list-query.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='positive'][arguments.length=0][callee.object.callee.property.name='int'][callee.object.callee.object.callee.property.name='number'][callee.object.callee.object.callee.object.property.name='coerce']",
          message:
            'An id is recordId (http/record-ids.ts), a page number pageNumberField (http/list-query.ts).',
        },
      ],
    },
  },
  boundary(
    ['libs/contracts/**/*.ts'],
    ['@sb/*', 'node:*'],
    'contracts are pure: no other package, no Node API.',
  ),
  boundary(
    ['libs/platform/src/**/*.ts', 'libs/storage/src/**/*.ts'],
    ['@sb/*', '!@sb/contracts'],
    'platform depends on contracts only.',
  ),
  boundary(
    ['libs/embedded-postgres/src/**/*.ts'],
    ['@sb/*', '!@sb/contracts', '!@sb/platform', '!@sb/platform/*'],
    'embedded PostgreSQL builds on platform only (it is for npm start and tests).',
  ),
  boundary(
    ['web/src/**/*.{ts,tsx}'],
    ['@sb/*', '!@sb/contracts', 'node:*'],
    'the web app imports only @sb/contracts.',
  ),
  boundary(
    ['cli/src/**/*.ts'],
    ['@sb/*', '!@sb/contracts', '!@sb/platform', '!@sb/platform/*', '!@sb/storage'],
    'the command line reaches the services over the bus (or the operator socket) only; bundles pass through object storage (@sb/storage).',
  ),
  boundary(
    ['gateway/src/**/*.ts'],
    [...services.map((s) => `@sb/${s}`), '@sb/web', '@sb/standalone'],
    'the gateway talks to services over the bus only.',
  ),
  ...services.map((s) =>
    boundary(
      [`services/${s}/src/**/*.ts`],
      [
        ...services.filter((o) => o !== s).map((o) => `@sb/${o}`),
        '@sb/gateway',
        '@sb/web',
        '@sb/standalone',
        '@sb/testing',
      ],
      'a service never imports another service, the gateway or test code.',
    ),
  ),
  sqlOnlyInRepositories,
  prettier,
);
