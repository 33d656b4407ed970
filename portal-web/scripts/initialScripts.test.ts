import { initialScripts } from './initialScripts';

describe('bundle size: the initial JavaScript is what dist/index.html references', () => {
  it('takes module scripts and module preloads, not styles or lazy chunks', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
      <link rel="stylesheet" crossorigin href="/assets/index-123.css">
      <link rel="preload" as="font" href="/assets/font.woff2">
      </head><body><div id="root"></div><script>window.x = 1</script></body></html>`;
    expect(initialScripts(html)).toEqual(['/assets/index-abc.js', '/assets/vendor-def.js']);
  });

  it('reads single-quoted and unquoted attributes and drops duplicates', () => {
    const html = `<script type=module src=/a.js></script><script src='/a.js'></script><link rel='modulepreload' href='/b.js'>`;
    expect(initialScripts(html)).toEqual(['/a.js', '/b.js']);
  });

  it('does not mistake data-src for src', () => {
    expect(initialScripts('<script data-src="/x.js" src="/y.js"></script>')).toEqual(['/y.js']);
  });
});
