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

// Pre-rendered pages (docs/adr/0004-public-site.md) exist in English and French, and the server sends the one of
// the visitor's language as far as it can know it: `?lng`, Accept-Language, and the `lng` cookie that mirrors the
// stored preference (written here and by src/lib/i18n.ts). The page carries, on <html>, the path and language it
// was rendered for. When they are not what the app will show (index.html is also the shell of every page that is
// not pre-rendered; a stored preference the cookie does not know yet), the content stays hidden until the app has
// rendered (it removes the class), so nobody sees the wrong page or language.
(function () {
  var html = document.documentElement;
  var stored = null;
  try {
    stored = localStorage.getItem('lng');
  } catch {
    // No storage: the address and the browser decide.
  }
  var chosen = stored || new URLSearchParams(location.search).get('lng');
  var language = (chosen || navigator.language || 'en').toLowerCase().indexOf('fr') === 0 ? 'fr' : 'en';
  // The next page requested (a link followed before the app has started) comes in this language too, from the
  // server (the cookie) and from the app there (the stored preference, which the app would store once started).
  if (chosen && !stored) {
    try {
      localStorage.setItem('lng', language);
    } catch {
      // No storage: the cookie still tells the server.
    }
  }
  if (chosen && !new RegExp('(^|;\\s*)lng=' + language + '(;|$)').test(document.cookie)) {
    document.cookie =
      'lng=' +
      language +
      '; Path=/; Max-Age=31536000; SameSite=Lax' +
      (location.protocol === 'https:' ? '; Secure' : '');
  }
  var path = html.getAttribute('data-prerendered');
  if (path && (path !== location.pathname || language !== html.getAttribute('data-prerendered-lang'))) {
    html.classList.add('ts-prerender-stale');
  }
})();

// Adds a modulepreload for each of the space-separated module paths.
function preload(paths) {
  (paths || '').split(' ').forEach(function (path) {
    if (path) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = path;
      document.head.appendChild(link);
    }
  });
}

// aws-amplify's modules (data-identity-preload), once: for a sign-in form, or a session to check.
var identityRequested = false;
function preloadIdentity() {
  if (!identityRequested) {
    identityRequested = true;
    preload(document.documentElement.getAttribute('data-identity-preload'));
  }
}

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
    // The modules the app starts with (and a sign-in page's form), fetched together rather than one import level
    // after another (scripts/prerender-html.ts, startModules).
    preload(html.getAttribute('data-app-preload'));
    // This page is not the pre-render (the home page's HTML is the shell of every page that is not pre-rendered):
    // the app restores its saved query cache first (src/main.tsx).
    if (html.classList.contains('ts-prerender-stale')) {
      preload(html.getAttribute('data-restore-preload'));
    }
    // A browser holding a session's tokens (aws-amplify's cookies; src/lib/amplify.ts, hasStoredSession) has it
    // checked first thing, which needs aws-amplify: it comes with the app rather than after it.
    if (
      /(?:^|;\s*)CognitoIdentityServiceProvider\.[^=;]+\.(?:accessToken|refreshToken)=[^;]/.test(
        document.cookie,
      )
    ) {
      preloadIdentity();
    }
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

// A pre-rendered form (/login, /register; src/lib/prerendered-form.ts) is on screen before the app has started: a
// submit then (Enter in a field, a click) would send the fields, password included, to the server and lose them.
// It is held back and marked busy at once (the submit button shows its spinner: packages/ui button.css); the app
// submits it again once it has taken the form over. As soon as the visitor turns to such a form, the identity
// modules (aws-amplify) are fetched too, so a sign-in does not wait for them after the app.
(function () {
  var awaitingApp = function (target) {
    var form = target && target.closest ? target.closest('form[data-await-app]') : null;
    return form && !form.hasAttribute('data-app-ready') ? form : null;
  };
  document.addEventListener('focusin', function (event) {
    if (awaitingApp(event.target)) {
      preloadIdentity();
    }
  });
  document.addEventListener(
    'submit',
    function (event) {
      var form = awaitingApp(event.target);
      if (form) {
        event.preventDefault();
        preloadIdentity();
        form.setAttribute('data-submit-pending', '');
        form.setAttribute('aria-busy', 'true');
      }
    },
    true,
  );
})();
