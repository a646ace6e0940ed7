import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

// Paths of the zones below are relative to the repository root (this file's folder), wherever eslint runs.
const ROOT = import.meta.dirname;
const WEB = './apps/web/src';
const FEATURES = `${WEB}/features`;
const ADMIN = `${FEATURES}/admin`;

const foldersOf = (dir) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/**
 * Web boundaries: a feature folder never imports another one, so each stays a lazy chunk that can
 * change on its own. What several features need lives in a shared place: `src/components`, `src/api`,
 * `src/i18n`, `src/test` (app-wide) or `features/admin/shared` (admin screens). Features never import `src/app`
 * (the router imports them, not the other way round).
 */
const webBoundaries = [
  {
    target: FEATURES,
    from: `${WEB}/app`,
    message: 'Features do not import src/app; move what they need to src/components or the feature.',
  },
  ...foldersOf(FEATURES).map((feature) => ({
    target: `${FEATURES}/${feature}`,
    from: FEATURES,
    except: [`./${feature}`],
    message: 'One feature folder does not import another; share through src/components, src/api or src/i18n.',
  })),
  ...foldersOf(ADMIN)
    .filter((folder) => folder !== 'shared')
    .map((folder) => ({
      target: `${ADMIN}/${folder}`,
      from: ADMIN,
      except: [`./${folder}`, './shared'],
      message: 'Admin screens share code only through features/admin/shared.',
    })),
  {
    target: ['components', 'api', 'i18n', 'test'].map((folder) => `${WEB}/${folder}`),
    from: FEATURES,
    message: 'App-wide shared code does not import features.',
  },
  {
    target: `${ADMIN}/shared`,
    from: ADMIN,
    except: ['./shared'],
    message: 'features/admin/shared is used by the admin screens and does not import them.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // Relative imports without an extension resolve to .ts/.tsx files, as Vite and tsc resolve them, and
      // no-cycle reads the imported TypeScript files with the TypeScript parser.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json', '.css'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: webBoundaries }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Guest pages (and the app-wide code they load) take values from the zod-free contract entry: the main
    // entry builds zod schemas at load and would put zod into the guest bundle. Types are free.
    files: ['apps/web/src/features/guest/**/*.{ts,tsx}', 'apps/web/src/{api,i18n}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@qr-menu/contract',
              allowTypeImports: true,
              message: "Guest code imports values from '@qr-menu/contract/constants' (no zod).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The server imports its .ts files as './x.js' (NodeNext): resolve .js to the .ts beside it.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } }),
      ],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
