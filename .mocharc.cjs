// Mocha adds the files named on its command line to a configured `spec`, so `npx mocha test/x.test.ts`
// would run the whole suite as well: the default spec applies only when no test file is named.
const named = process.argv.slice(2).some((arg) => arg === '--spec' || /\.(test\.)?[cm]?[tj]s$/.test(arg));

module.exports = {
  'node-option': ['import=tsx'],
  extension: ['ts'],
  spec: named ? [] : ['test/**/*.test.ts'],
  require: ['test/support/hooks.ts'],
  timeout: 20000,
  slow: 1000,
  reporter: 'spec',
};
