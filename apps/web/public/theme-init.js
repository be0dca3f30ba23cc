// Applies the stored theme before the first paint so a dark-theme customer never sees a light flash.
// A separate file (not inline) because the Content-Security-Policy allows only same-origin scripts.
(function () {
  try {
    var theme = localStorage.getItem('theme');
    if (theme === 'light' || theme === 'dark') {
      document.documentElement.setAttribute('data-theme', theme);
    }
  } catch {
    // Storage can be unavailable (private mode); the system theme applies.
  }
})();

// Pre-rendered pages (docs/adr/0004-public-site.md) carry the path and language they were rendered for on <html>.
// index.html is both the pre-rendered home page and the shell of every page that is not pre-rendered, and a
// French reader may open an English pre-render: in both cases the content would be the wrong page or language
// until the app renders, so it stays hidden until then (the app removes the class).
(function () {
  var html = document.documentElement;
  var path = html.getAttribute('data-prerendered');
  if (!path) {
    return;
  }
  var language = null;
  try {
    language = localStorage.getItem('lng');
  } catch {
    // No storage: the address and the browser decide.
  }
  language = language || new URLSearchParams(location.search).get('lng') || navigator.language || 'en';
  var wanted = language.toLowerCase().indexOf('fr') === 0 ? 'fr' : 'en';
  if (path !== location.pathname || wanted !== html.getAttribute('data-prerendered-lang')) {
    html.classList.add('ts-prerender-stale');
  }
})();

// A pre-rendered page names its application entry instead of loading it from the head (apps/web/scripts/
// prerender.ts): it is started once the page's content has painted, so that content never waits for scripts.
// A hidden pre-render (the wrong page or language, above) has nothing to show: the app starts at once. A page
// that never paints (a background tab) starts after a second all the same.
(function () {
  var html = document.documentElement;
  var entry = html.getAttribute('data-app-entry');
  if (!entry) {
    return;
  }
  var started = false;
  var start = function () {
    if (started) {
      return;
    }
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  };
  if (html.classList.contains('ts-prerender-stale') || typeof PerformanceObserver === 'undefined') {
    start();
    return;
  }
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) {
        setTimeout(start, 0);
      }
    }).observe({ type: 'paint', buffered: true });
  } catch {
    start();
    return;
  }
  setTimeout(start, 1000);
})();
