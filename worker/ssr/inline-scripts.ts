// The two inline scripts of a page the Worker renders. Both are fixed per build, so the
// Content-Security-Policy allows them by hash (worker/middleware/security-headers.ts).

import { SIGNED_IN_HINT_COOKIE } from '../contract/session-hint.ts'

/**
 * First thing in <head>, before anything paints:
 * - a signed-in visitor's page says so on <html data-session="user">, so the stylesheet shows the
 *   user area's neutral placeholder instead of the login button (the page itself is the same
 *   for everyone);
 * - a button pressed before the app has taken the page over (<html data-ready>) is remembered,
 *   marked busy, and pressed again by the app once it answers (web/src/lib/early-clicks.ts); the
 *   press also starts loading the app's scripts if the loader is still waiting for the first paint.
 */
export const BOOT_SCRIPT =
  '(function(d,w){var h=d.documentElement;' +
  `if(/(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)/.test(d.cookie))h.setAttribute('data-session','user');` +
  'var q=w.__earlyClicks=[];' +
  "d.addEventListener('click',function(e){if(h.getAttribute('data-ready')==='true')return;" +
  "var t=e.target,b=t&&t.closest?t.closest('button'):null;" +
  "if(!b||b.disabled||!b.closest('#app'))return;" +
  'e.preventDefault();e.stopImmediatePropagation();' +
  "if(q.indexOf(b)<0){q.push(b);b.setAttribute('aria-busy','true')}" +
  'if(w.__loadApp)w.__loadApp()},true)})(document,window)'

/**
 * Last thing in <body>: the app's module scripts start downloading once the page has painted
 * (the page is readable without them, and on a slow phone connection they would otherwise share
 * the first second with the page's main picture), at once in a tab opened in the background
 * (it paints nothing until shown) or when a button was already pressed, and after 3 s whatever
 * happens. They then load as index.html would have loaded them, the entry and its preloads in
 * parallel.
 */
export function loaderScript(preloads: string[], scripts: string[]): string {
  return (
    '(function(w,d){var done=false;function load(){if(done)return;done=true;' +
    `${JSON.stringify(preloads)}.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});` +
    `${JSON.stringify(scripts)}.forEach(function(h){var s=d.createElement('script');s.type='module';s.src=h;d.head.appendChild(s)})}` +
    'w.__loadApp=load;' +
    "if(d.visibilityState!=='visible'||!w.PerformanceObserver||(w.__earlyClicks&&w.__earlyClicks.length)){load();return}" +
    "try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)setTimeout(load,0)}).observe({type:'paint',buffered:true})}catch(e){load()}" +
    'setTimeout(load,3000)})(window,document)'
  )
}
