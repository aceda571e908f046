// One jest run over every backend package (web uses vitest, browser tests run separately).
export default {
  projects: [
    '<rootDir>/libs/*/jest.config.js',
    '<rootDir>/services/*/jest.config.js',
    '<rootDir>/gateway/jest.config.js',
    '<rootDir>/standalone/jest.config.js',
  ],
};
