import type { Response } from 'express';
import { escapeHtml } from '../domain/email/confirmationEmail';
import { formatMinor } from '../domain/pricing/money';

export interface Page {
  title: string;
  /** Paragraphs of plain text (escaped here). */
  paragraphs: string[];
  /** Trusted HTML placed after the paragraphs (built with `escapeHtml`). */
  html?: string;
}

export function amountText(amountMinor: number, currency: string): string {
  return `${formatMinor(amountMinor)} ${currency}`;
}

/**
 * A small, self-contained, accessible page for the payer's browser: no scripts, no outside
 * resources (the CSP says so), a language, a title and one heading, and readable without CSS.
 */
export function sendPage(res: Response, status: number, page: Page): void {
  const body = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.title)}</title>`,
    '<style>',
    'body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}',
    'button{font:inherit;padding:.6rem 1.2rem;margin:.25rem .5rem .25rem 0;border-radius:.3rem;border:2px solid #1a1a1a;cursor:pointer}',
    'button:focus-visible{outline:3px solid #0a58ca;outline-offset:2px}',
    '.pay{background:#14622b;border-color:#14622b;color:#fff}',
    'dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}',
    '</style>',
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(page.title)}</h1>`,
    ...page.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    page.html ?? '',
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
      'X-Content-Type-Options': 'nosniff',
      // same-origin, not no-referrer: with no-referrer Chromium posts the checkout form with
      // `Origin: null`, which the router's cross-site check rightly refuses.
      'Referrer-Policy': 'same-origin',
    })
    .send(body);
}
