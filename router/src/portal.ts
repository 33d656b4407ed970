import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * Serves the built portal (portal-web/dist) with a single-page-app fallback. Before the portal
 * is built, a small placeholder page is served instead, so the gateway works on its own.
 */
export function portalRoutes(distDir: string | undefined): Router {
  const router = Router();
  const dist = distDir ?? path.join(ROOT, 'portal-web', 'dist');
  const root = existsSync(path.join(dist, 'index.html')) ? dist : path.join(ROOT, 'portal-web', 'placeholder');
  router.use(express.static(root, { index: false, maxAge: '1h', setHeaders: noCacheForHtml }));
  router.get(/^\/(?!api\/|services\/|graphql).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('cache-control', 'no-store');
    res.sendFile(path.join(root, 'index.html'));
  });
  return router;
}

function noCacheForHtml(res: express.Response, file: string): void {
  if (file.endsWith('.html')) res.setHeader('cache-control', 'no-store');
}
