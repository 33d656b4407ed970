import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The router this portal talks to (same origin in production; proxied by the dev server). */
const ROUTER = process.env.PORTAL_DEV_ROUTER_URL ?? 'http://127.0.0.1:4000';

// The Host header is passed through unchanged (no changeOrigin): the router resolves the tenant
// from the host name and accepts cookie-authenticated writes only from its own origin.
const toRouter = { target: ROUTER, changeOrigin: false, xfwd: true };

/**
 * Two builds into one dist/: the member portal (index.html) and, with `--mode admin`, the admin
 * portal (admin.html, served by the admin portal's router). Built apart, they share no chunk: the
 * member portal's files are exactly what they were without the admin portal, and members never
 * download operator code.
 */
export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  // Each asset also as .gz and .br, so the router serves them compressed without compressing
  // per request (see router/src/portal.ts).
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], exclude: [/\.map$/, /\.html$/] })],
  resolve: {
    alias: {
      // The shared answer rules: a pure TypeScript module with no imports outside its folder, so it
      // is compiled into the bundle from source and never pulls in the rest of @ems/schema.
      '@ems/schema/rules': fileURLToPath(new URL('../schema/src/rules/index.ts', import.meta.url)),
    },
  },
  server: {
    host: 'localhost',
    port: 5173,
    strictPort: true,
    proxy: { '/graphql': toRouter, '/api': toRouter, '/services': toRouter },
  },
  preview: {
    port: 4173,
    proxy: { '/graphql': toRouter, '/api': toRouter, '/services': toRouter },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: mode !== 'admin',
    rollupOptions: mode === 'admin' ? { input: fileURLToPath(new URL('admin.html', import.meta.url)) } : undefined,
    // Maps are built for debugging but not linked from the bundle, and the router never serves them.
    sourcemap: 'hidden',
    target: 'es2022',
  },
}));
