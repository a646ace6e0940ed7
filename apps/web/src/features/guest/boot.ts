// The loader of a server-rendered guest page's script, built into dist/guest-boot.js as a classic script
// (no import/export) and named by the page as `<script async src="/guest-boot.js" data-entry data-preload>`.
// The page is already drawn by the server: its script (hydration) is requested once the browser has painted it, so
// it does not compete with the HTML, the stylesheet and the first photo for a phone's bandwidth before the first and
// the largest paint. Then every module the hydration needs is requested at once (module preloads), not in a chain.
// Requested before the load event, the script still delays it, as a script in the head did.
(() => {
  const me = document.currentScript;
  const entry = me?.dataset.entry;
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
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
  // After the next frame is painted (a task queued from the frame's callback runs after it); at the latest on load
  // (a tab in the background paints no frame), or at once when the guest touches the page or a key.
  requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  for (const type of ['pointerdown', 'keydown', 'focusin']) {
    document.addEventListener(type, start, { once: true, capture: true, passive: true });
  }
})();
