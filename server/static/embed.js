/* /embed?game=…&lang=…: the widget alone, for sites that only allow iframes (same origin as the API). */
(function () {
  'use strict';
  var params = new URLSearchParams(location.search);
  var RA = window.RulesArbiter;
  var lang = RA ? RA.pickLang(params.get('lang') || navigator.language) : 'zh-TW';
  document.documentElement.lang = lang;
  var el = document.createElement('rules-arbiter-widget');
  var game = params.get('game');
  if (game && /^[a-z0-9-]{1,40}$/.test(game)) el.setAttribute('game', game);
  el.setAttribute('lang', lang);
  el.setAttribute('api', location.origin);
  document.getElementById('rules-arbiter').appendChild(el);
})();
