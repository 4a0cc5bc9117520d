/* The proposal form (/rulings/propose): sends the proposal as JSON to POST /api/rulings and shows the
 * checks it got, with a link to its status page. Server and user text only ever goes into text nodes. */
(function () {
  'use strict';

  var $ = function (id) { return document.getElementById(id); };
  var P = window.ArbiterPages;
  var el = P.el, pageLink = P.pageLink, checksList = P.checksList, words = P.words;

  function body() {
    var cites = Array.prototype.map.call(document.querySelectorAll('#p-cites fieldset'), function (f) {
      var quote = f.querySelector('textarea').value.trim();
      return quote ? {passage: f.getAttribute('data-passage'), quote: quote} : {passage: f.getAttribute('data-passage')};
    });
    var out = {game: $('p-game').value, question: $('p-question').value, answer: $('p-answer').value,
               cites: cites, source_kind: $('p-source').value};
    ['reasoning', 'source_link', 'author'].forEach(function (name) {
      var v = document.querySelector('[name="' + name + '"]').value.trim();
      if (v) out[name] = v;
    });
    return out;
  }

  function showError(message, field) {
    $('form-error').textContent = words.error + message;
    $('form-error').setAttribute('data-kind', 'error');
    var target = field && document.querySelector(fieldSelector(field));
    if (target) { target.setAttribute('aria-invalid', 'true'); target.focus(); }
  }

  /* cites.1.quote → the second quote box; other fields by name. */
  function fieldSelector(field) {
    var m = /^cites\.(\d+)\.(quote|passage)$/.exec(field);
    if (m) return '#p-cites fieldset:nth-of-type(' + (Number(m[1]) + 1) + ') textarea';
    return '[name="' + String(field).replace(/[^a-z_]/g, '') + '"]';
  }

  function init() {
    var form = $('propose-form');
    if (!form) return;
    // One key per filled-in form: a double click or a retry after a network error stores one proposal.
    var key = 'form-' + Date.now().toString(36) + '-' + Math.random().toString(36).slice(2);
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      Array.prototype.forEach.call(form.querySelectorAll('[aria-invalid]'), function (x) { x.removeAttribute('aria-invalid'); });
      $('form-error').textContent = words.sending;
      $('form-error').removeAttribute('data-kind');
      $('p-submit').disabled = true;
      fetch('/api/rulings', {method: 'POST', headers: {'content-type': 'application/json', 'idempotency-key': key},
                             body: JSON.stringify(body())}).then(function (r) {
        return r.json().catch(function () { return {}; }).then(function (j) { return {ok: r.ok, data: j}; });
      }).then(function (res) {
        $('p-submit').disabled = false;
        if (!res.ok) { showError(res.data.error || 'HTTP error', res.data.field); return; }
        $('form-error').textContent = '';
        var box = $('p-result');
        box.textContent = '';
        var h = el('h2', '', words.checks);
        h.id = 'checks-h';
        h.tabIndex = -1;
        box.appendChild(h);
        box.appendChild(checksList(res.data.checks));
        var p = el('p', 'p-status-link');
        p.appendChild(pageLink(res.data.status_url, words.status_link + ' #' + res.data.id));
        box.appendChild(p);
        box.hidden = false;
        form.hidden = true;
        h.focus();
      }, function (err) {
        $('p-submit').disabled = false;
        showError(String(err && err.message || err));
      });
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
