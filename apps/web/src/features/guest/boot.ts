// The loader of a server-rendered guest page's script (issue 14), built into dist/guest-boot.js as a classic script
// (no import/export) and named by the page as `<script async src="/guest-boot.js" data-entry data-preload>`.
// The page is already drawn by the server: its script (hydration) is requested only once the page has loaded (the
// HTML, the stylesheet and the first photo), so it never competes with them for a phone's bandwidth before the first
// and the largest paint. Then every module the hydration needs is requested at once (module preloads), not in a chain.
(() => {
  const me = document.currentScript;
  const entry = me?.dataset.entry;
  if (!entry) return;
  const start = () => {
    for (const href of (me.dataset.preload ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.body.append(script);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
