// One jest run over every backend package (web uses vitest, browser tests run separately).
export default {
  // the projects' own testTimeout is not read in a multi-project run: hooks would get jest's 5 s
  testTimeout: 30000,
  // Two workers, each replaced once its heap passes 1 GB. ESM test files (vm modules) leave their module
  // graphs behind: one process running every file in band grew past 4 GB and spent the run collecting
  // garbage (a 40 min backend suite; unit specs of 25–85 s).
  maxWorkers: 2,
  workerIdleMemoryLimit: '1GB',
  projects: [
    '<rootDir>/libs/*/jest.config.js',
    '<rootDir>/services/*/jest.config.js',
    '<rootDir>/gateway/jest.config.js',
    '<rootDir>/standalone/jest.config.js',
    '<rootDir>/cli/jest.config.js',
  ],
};
