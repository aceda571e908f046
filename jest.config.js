// One jest run over every backend package (web uses vitest, browser tests run separately).
export default {
  // the projects' own testTimeout is not read in a multi-project run: hooks would get jest's 5 s
  testTimeout: 30000,
  projects: [
    '<rootDir>/libs/*/jest.config.js',
    '<rootDir>/services/*/jest.config.js',
    '<rootDir>/gateway/jest.config.js',
    '<rootDir>/standalone/jest.config.js',
  ],
};
