/** Adds the stylesheet at `href` to the page; resolves once it has loaded (or failed: what uses it then shows unstyled rather than never). */
export function loadStylesheet(href: string): Promise<void> {
  return new Promise((done) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = () => done();
    document.head.append(link);
  });
}
