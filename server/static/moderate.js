/* The moderation page (/moderate): the admin token is kept in sessionStorage (this tab only) and sent as
 * an Authorization header, never in a URL or cookie. Lists the queue with each proposal's checks and the
 * rulings it resembles; accept, reject (with a reason) or undo. Text only ever goes into text nodes. */
(function () {
  'use strict';

  var $ = function (id) { return document.getElementById(id); };
  var P = window.ArbiterPages;
  var el = P.el, pageLink = P.pageLink, checksList = P.checksList, words = P.words;
  var KEY = 'arbiter.adminToken';

  function token() { try { return sessionStorage.getItem(KEY) || ''; } catch (e) { return ''; } }

  function notice(text, kind) {
    $('m-notice').textContent = text || '';
    if (kind) $('m-notice').setAttribute('data-kind', kind); else $('m-notice').removeAttribute('data-kind');
  }

  function call(method, path, body) {
    var headers = {accept: 'application/json', authorization: 'Bearer ' + token()};
    if (body) headers['content-type'] = 'application/json';
    return fetch(path, {method: method, headers: headers, credentials: 'omit', body: body ? JSON.stringify(body) : undefined})
      .then(function (r) {
        return r.json().catch(function () { return {}; }).then(function (j) { return {ok: r.ok, status: r.status, data: j}; });
      });
  }

  function field(label, text) {
    var dl = el('div', 'm-field');
    dl.appendChild(el('p', 'ra-h', label));
    dl.appendChild(el('p', 'm-text', text));
    return dl;
  }

  function item(p) {
    var li = el('li', 'm-item');
    li.setAttribute('data-id', String(p.id));
    var head = el('h2', 'm-head');
    head.appendChild(pageLink(p.status_url, '#' + p.id));
    head.appendChild(document.createTextNode(' ' + p.game + ' · '));
    head.appendChild(el('span', 'm-status', words['st_' + p.status] || p.status));
    li.appendChild(head);
    li.appendChild(field(words.question, p.question));
    li.appendChild(field(words.your_answer, p.answer));
    if (p.reasoning) li.appendChild(field(words.reasoning, p.reasoning));
    li.appendChild(field(words.source, (p.source_kind || 'community') + (p.source_link ? ' · ' + p.source_link : '') +
                                        (p.author ? ' · ' + p.author : '')));
    (p.cites || []).forEach(function (c) {
      var q = el('blockquote', 'm-quote', c.quote || '');
      q.appendChild(el('code', 'ra-pid', c.passage));
      li.appendChild(q);
    });
    li.appendChild(el('p', 'ra-h', words.checks));
    li.appendChild(checksList(p.checks));
    var noteId = 'note-' + p.id;
    var label = el('label', '', words.note);
    label.htmlFor = noteId;
    var note = el('textarea');
    note.id = noteId;
    note.rows = 2;
    note.maxLength = 2000;
    li.appendChild(label);
    li.appendChild(note);
    var actions = el('div', 'm-actions');
    var result = el('p', 'm-result');
    result.setAttribute('role', 'status');
    var decide = function (action) {
      return function () {
        result.textContent = words.sending;
        call('POST', '/api/rulings/' + p.id + '/' + action, action === 'undo' ? null : {note: note.value.trim() || null})
          .then(function (res) {
            if (!res.ok) { result.textContent = words.error + (res.data.error || res.status); result.setAttribute('data-kind', 'error'); return; }
            result.removeAttribute('data-kind');
            li.querySelector('.m-status').textContent = words['st_' + res.data.status] || res.data.status;
            result.textContent = res.data.next_steps || '';
          });
      };
    };
    [['accept', 'primary'], ['reject', 'ghost'], ['undo', 'ghost']].forEach(function (a) {
      var b = el('button', a[1] + ' m-' + a[0], words[a[0]]);
      b.type = 'button';
      b.addEventListener('click', decide(a[0]));
      actions.appendChild(b);
    });
    li.appendChild(actions);
    li.appendChild(result);
    return li;
  }

  function load() {
    if (!token()) { notice(words.need_token, 'error'); $('m-token').focus(); return; }
    notice(words.sending);
    call('GET', '/api/rulings/queue?status=' + encodeURIComponent($('m-status').value)).then(function (res) {
      var list = $('m-queue');
      list.textContent = '';
      if (!res.ok) { notice(words.error + (res.data.error || res.status), 'error'); return; }
      notice(res.data.count ? '' : words.queue_empty);
      res.data.items.forEach(function (p) { list.appendChild(item(p)); });
    }, function (err) { notice(words.error + String(err && err.message || err), 'error'); });
  }

  function init() {
    $('token-form').addEventListener('submit', function (e) {
      e.preventDefault();
      var typed = $('m-token').value.trim();
      if (typed) { try { sessionStorage.setItem(KEY, typed); } catch (x) { /* storage blocked: nothing kept */ } }
      $('m-token').value = '';
      load();
    });
    $('m-forget').addEventListener('click', function () {
      try { sessionStorage.removeItem(KEY); } catch (x) { /* ignore */ }
      $('m-queue').textContent = '';
      notice('');
      $('m-token').focus();
    });
    $('m-status').addEventListener('change', load);
    if (token()) load();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
