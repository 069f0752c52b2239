// Runs before uPlot, in the same <script>. uPlot formats its axis numbers with
// `new Intl.NumberFormat(navigator.language)` when it loads; under a POSIX locale (LANG=C.UTF-8)
// Chromium reports `en-US@posix`, which Intl rejects, and no chart would be drawn. A language that
// Intl cannot use is replaced by en-US for this page only.
(function () {
  'use strict';
  try {
    new Intl.NumberFormat(navigator.language);
  } catch (error) {
    Object.defineProperty(navigator, 'language', { value: 'en-US', configurable: true });
  }
})();
