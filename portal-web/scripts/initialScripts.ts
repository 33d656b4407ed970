/** Script and module-preload URLs of an index.html, in document order, without duplicates. */
export function initialScripts(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const element = match[0];
    const value = (name: string): string | null => {
      const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(element);
      return m ? (m[1] ?? m[2] ?? m[3] ?? '') : null;
    };
    if (match[1]!.toLowerCase() === 'script') {
      const src = value('src');
      if (src) urls.push(src);
    } else if ((value('rel') ?? '').toLowerCase().split(/\s+/).includes('modulepreload')) {
      const href = value('href');
      if (href) urls.push(href);
    }
  }
  return [...new Set(urls)];
}
