import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'bench/results/', 'build/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setImmediate: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Only the process edge may read process.argv / process.env or set the exit code.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'argv', message: 'Read argv only in src/cli/main.ts.' },
        { object: 'process', property: 'env', message: 'Read env only in src/cli/main.ts.' },
        { object: 'process', property: 'exit', message: 'Set the exit code in src/cli/main.ts.' },
        {
          object: 'process',
          property: 'exitCode',
          message: 'Set the exit code in src/cli/main.ts.',
        },
      ],
    },
  },
  {
    // The HTML report's page script runs in a browser (page.ts inlines its source).
    files: ['src/report/client/**/*.js'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        getComputedStyle: 'readonly',
        ResizeObserver: 'readonly',
      },
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly' },
    },
  },
  {
    files: ['src/cli/main.ts', 'bin/**', 'scripts/**', 'bench/**', 'test/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Bundle stand-ins for CommonJS modules inside dependencies (see scripts/build.mjs), the
    // bundle's loader (bin/load-bundle.cjs) and the build's warm-up run.
    files: ['scripts/**/*.cjs', 'bin/**/*.cjs', 'bin/healthdata.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
