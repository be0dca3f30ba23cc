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
