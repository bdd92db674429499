import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Import boundaries of design.md section 2, checked by a small local rule:
 * - packages/core is pure: no Node, DOM frameworks or app imports;
 * - packages/ui holds the browser pieces both apps share (api error, notifier, query client,
 *   providers, load error): it may use React and antd, never Node, the server or an app;
 * - apps import packages/core (and the browser apps packages/ui), never each other (tools may use the server);
 * - in the web app, app/ → features/ → components/ → entities/ → lib/; features never import each
 *   other; entities (shared server state: part, cart, order, address, user) may be imported by
 *   features and components, and import only lib/ and each other; only its build tooling
 *   (apps/web/build/, run by Vite in Node) may use Node's modules.
 */
const root = path.dirname(new URL(import.meta.url).pathname);
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

function violation(fromFile, spec) {
  const from = rel(fromFile);
  const target = spec.startsWith('.') ? rel(path.resolve(path.dirname(fromFile), spec)) : spec;

  if (from.startsWith('packages/core/')) {
    if (
      /^(node:|react|antd|fastify|@fastify|drizzle|pg$|@shop\/(server|web))/.test(target) ||
      target.startsWith('apps/')
    )
      return `packages/core must stay free of Node, UI and app code ('${spec}')`;
  }
  if (from.startsWith('packages/ui/')) {
    if (/^(node:|fastify|@fastify|drizzle|pg$|@shop\/(server|web|admin))/.test(target) || target.startsWith('apps/'))
      return `packages/ui is shared browser code: no Node, server or app code ('${spec}')`;
  }
  if (from.startsWith('apps/web/')) {
    const buildTooling = from.startsWith('apps/web/build/');
    if (
      /^(@shop\/server|fastify|drizzle|pg$)/.test(target) ||
      (!buildTooling && target.startsWith('node:')) ||
      target.startsWith('apps/server/')
    )
      return `the web app cannot import server code ('${spec}')`;
    const web = 'apps/web/src/';
    if (from.startsWith(web) && target.startsWith(web)) {
      const [fromLayer, fromFeature] = from.slice(web.length).split('/');
      const [toLayer, toFeature] = target.slice(web.length).split('/');
      if (
        (fromLayer === 'components' || fromLayer === 'lib' || fromLayer === 'entities') &&
        (toLayer === 'features' || toLayer === 'app')
      )
        return `${fromLayer}/ cannot import ${toLayer}/ ('${spec}')`;
      if (fromLayer === 'entities' && toLayer === 'components')
        return `entities/ cannot import components/ ('${spec}')`;
      if (fromLayer === 'lib' && toLayer === 'entities') return `lib/ cannot import entities/ ('${spec}')`;
      if (fromLayer === 'features' && toLayer === 'app') return `features cannot import app/ ('${spec}')`;
      if (fromLayer === 'features' && toLayer === 'features' && fromFeature !== toFeature)
        return `feature '${fromFeature}' cannot import feature '${toFeature}'; compose them in app/ ('${spec}')`;
    }
  }
  if (from.startsWith('apps/admin/')) {
    // The back office's bundle holds packages/core, packages/ui and its own code only (issue 26). Outside its
    // bundle, its Vite config reuses the web app's build tooling (precompress, tree-shake) and its
    // tests the web app's stub server.
    const sharedTooling =
      (from === 'apps/admin/vite.config.ts' && /^apps\/web\/build\/(precompress|tree-shake)\.ts$/.test(target)) ||
      (/\.test\.tsx?$|^apps\/admin\/src\/test\//.test(from) && target.startsWith('apps/web/src/test/server/'));
    if (/^(@shop\/(server|web)|fastify|drizzle|pg$)/.test(target) || target.startsWith('apps/server/'))
      return `the back office cannot import server code ('${spec}')`;
    if (target.startsWith('apps/web/') && !sharedTooling)
      return `the back office cannot import the dealer app ('${spec}'); share it through packages/core or packages/ui`;
    if (from.startsWith('apps/admin/src/') && target.startsWith('node:'))
      return `the back office runs in the browser ('${spec}')`;
  }
  if (from.startsWith('apps/server/')) {
    if (/^(react|antd|@shop\/web)/.test(target) || target.startsWith('apps/web/'))
      return `the server cannot import web code ('${spec}')`;
  }
  return undefined;
}

const boundaries = {
  rules: {
    imports: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string') return;
          const message = violation(context.filename, spec);
          if (message) context.report({ node, message });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { boundaries },
    rules: {
      'boundaries/imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
