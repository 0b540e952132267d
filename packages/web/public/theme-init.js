// Applies the stored (or system) theme and language before the first paint, so nothing flashes.
(() => {
  try {
    const root = document.documentElement;
    const stored = localStorage.getItem('theme');
    const dark = stored ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    if (localStorage.getItem('language') === 'tr') root.lang = 'tr';
  } catch {
    // Storage blocked: the app applies the system theme once it loads.
  }
})();
