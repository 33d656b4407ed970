/**
 * Composes the three subgraphs' SDL into `schema/supergraph.graphql` (the router's static
 * supergraph). `--check` fails when the checked-in file differs from a fresh composition, so a
 * changed subgraph schema cannot land without its supergraph.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { partnerApiSdl } from './partnerSchema';

const root = path.resolve(__dirname, '..', '..');
export const SUBGRAPHS = [
  { name: 'membership', port: 4001 },
  { name: 'forms', port: 4002 },
  { name: 'imports', port: 4003 },
] as const;
export const SUPERGRAPH_PATH = path.join(root, 'schema', 'supergraph.graphql');
/** The partner developer's download of the SDL (docs/partner-api.md, "What a partner reads"). */
export const PARTNER_SDL_PATH = path.join(root, 'docs', 'partner-api', 'schema.graphql');

export function composeSupergraph(): string {
  const result = composeServices(
    SUBGRAPHS.map((s) => ({
      name: s.name,
      // Default local address; the router replaces it with its configured subgraph URLs.
      url: `http://127.0.0.1:${s.port}/graphql`,
      typeDefs: parse(readFileSync(path.join(root, 'subgraphs', s.name, 'schema.graphql'), 'utf8')),
    })),
  );
  if (result.errors) {
    throw new Error(`Composition failed:\n${result.errors.map((e) => `  ${e.message}`).join('\n')}`);
  }
  return `${result.supergraphSdl.trimEnd()}\n`;
}

if (require.main === module) {
  const composed = composeSupergraph();
  if (process.argv.includes('--check')) {
    const current = readFileSync(SUPERGRAPH_PATH, 'utf8');
    if (current !== composed) {
      console.error('schema/supergraph.graphql is stale: run `npm run compose` and commit the result.');
      process.exit(1);
    }
    console.log('schema/supergraph.graphql is up to date.');
    if (readFileSync(PARTNER_SDL_PATH, 'utf8') !== partnerApiSdl(composed)) {
      console.error('docs/partner-api/schema.graphql is stale: run `npm run compose` and commit the result.');
      process.exit(1);
    }
  } else {
    writeFileSync(SUPERGRAPH_PATH, composed);
    console.log(`wrote ${path.relative(root, SUPERGRAPH_PATH)}`);
    writeFileSync(PARTNER_SDL_PATH, partnerApiSdl(composed));
    console.log(`wrote ${path.relative(root, PARTNER_SDL_PATH)}`);
  }
}
