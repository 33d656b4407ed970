/**
 * Validates every GraphQL document the portal sends against the API schema of the checked-in
 * supergraph (schema/supergraph.graphql), so a field renamed in a subgraph fails here and not in a
 * member's browser.
 *
 *   node --import tsx portal-web/scripts/check-graphql.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Supergraph } from '@apollo/federation-internals';
import { print, validate, type DocumentNode } from 'graphql';
import { createServer } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const supergraphFile = path.resolve(root, '..', 'schema', 'supergraph.graphql');

// The documents are loaded through Vite (same resolution and aliases as the build), not through
// Node: the app's modules are written for the bundler.
const vite = await createServer({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
});
const load = (file: string) => vite.ssrLoadModule(file) as Promise<Record<string, unknown>>;
const PORTAL_DOCUMENTS: Readonly<Record<string, DocumentNode>> = {
  MembershipForm: (await load('/src/routes/RegisterRoute.tsx'))['MEMBERSHIP_FORM_QUERY'] as DocumentNode,
  PaymentReturn: (await load('/src/routes/PaymentReturnRoute.tsx'))['PAYMENT_RETURN_QUERY'] as DocumentNode,
  ...((await load('/src/graphql/formMutations.ts'))['FORM_MUTATION_DOCUMENTS'] as Record<string, DocumentNode>),
};
await vite.close();

const schema = Supergraph.build(readFileSync(supergraphFile, 'utf8')).apiSchema().toGraphQLJSSchema();
let failures = 0;
for (const [name, document] of Object.entries(PORTAL_DOCUMENTS)) {
  const errors = validate(schema, document);
  if (errors.length === 0) {
    console.log(`ok    ${name}`);
    continue;
  }
  failures += 1;
  console.log(`FAIL  ${name}`);
  for (const error of errors) console.log(`      ${error.message}`);
  if (process.argv.includes('--verbose')) console.log(print(document));
}
console.log(`${Object.keys(PORTAL_DOCUMENTS).length - failures} passed, ${failures} failed`);
process.exitCode = failures === 0 ? 0 : 1;
