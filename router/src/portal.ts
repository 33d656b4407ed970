import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { Router } from 'express';
import expressStaticGzip from 'express-static-gzip';

const ROOT = path.resolve(__dirname, '..', '..');
const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Serves the built portal (portal-web/dist) with a single-page-app fallback, as production
 * does: hashed assets pre-compressed (brotli or gzip, as the browser accepts) and cached for a
 * year as immutable, `index.html` never cached, source maps not served. Before the portal is
 * built, a small placeholder page is served instead, so the gateway works on its own.
 */
export function portalRoutes(distDir: string | undefined, page = 'index.html'): Router {
  const router = Router();
  const dist = distDir ?? path.join(ROOT, 'portal-web', 'dist');
  const root = existsSync(path.join(dist, page)) ? dist : path.join(ROOT, 'portal-web', 'placeholder');
  const entry = existsSync(path.join(root, page)) ? page : 'index.html';
  router.use((req, res, next) => {
    // The portal is never framed (clickjacking) and its files are never sniffed as another type.
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('x-frame-options', 'DENY');
    res.setHeader('content-security-policy', "frame-ancestors 'none'");
    if (req.path.endsWith('.map')) return res.status(404).end();
    next();
  });
  router.use(
    expressStaticGzip(root, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { index: false, setHeaders: cacheHeaders },
    }),
  );
  router.get(/^\/(?!api\/|services\/|graphql|auth\/).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('cache-control', 'no-store');
    res.sendFile(path.join(root, entry));
  });
  return router;
}

/** Vite names every file under assets/ by its content hash, so it never changes under its name. */
function cacheHeaders(res: ServerResponse, file: string): void {
  if (file.endsWith('.html')) res.setHeader('cache-control', 'no-store');
  else if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`);
  else res.setHeader('cache-control', 'public, max-age=3600');
}
