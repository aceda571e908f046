// Apart from infra: it loads the services' TypeORM setup, which the web's browser-test harness must not.
export * from './test-data-source.js';
