/* What the rulings pages' scripts share (window.ArbiterPages): element building with text only, links to
 * the server's own pages, the page's words, and the list of a proposal's checks. */
(function () {
  'use strict';

  var lang = document.documentElement.lang;
  var main = document.getElementById('main');

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  /* A link to one of our own pages (paths from the server start with '/'; anything else is shown as text). */
  function pageLink(path, text) {
    if (typeof path !== 'string' || path.charAt(0) !== '/' || path.charAt(1) === '/') return el('span', '', text);
    var a = el('a', '', text);
    a.href = path + '?lang=' + encodeURIComponent(lang);
    return a;
  }

  function checksList(checks) {
    var ul = el('ul', 'checks');
    (checks || []).forEach(function (c) {
      var li = el('li', 'c-' + c.level);
      li.setAttribute('data-kind', c.kind);
      li.appendChild(el('span', 'c-level', c.level));
      li.appendChild(document.createTextNode(' ' + c.message + ' '));
      if (c.ruling) li.appendChild(pageLink(c.ruling, c.ruling));
      if (c.proposal) li.appendChild(pageLink(c.proposal, c.proposal));
      ul.appendChild(li);
    });
    return ul;
  }

  window.ArbiterPages = {
    el: el, pageLink: pageLink, checksList: checksList,
    words: JSON.parse((main && main.getAttribute('data-text')) || '{}')
  };
})();
