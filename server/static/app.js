/* The chat page: game selector, interface language, example questions, a conversation whose
 * earlier questions go along as `history`, and answer cards drawn by widget.js (window.RulesArbiter).
 * Server and user text only ever goes into text nodes. */
(function () {
  'use strict';

  var UI = {
    'zh-TW': {
      title: '規則仲裁', skip: '跳到提問框', game: '遊戲', auto: '自動判斷', language: '介面語言',
      intro: '問一個規則問題。每個回答都附上規則書原文；可以計算的規則會由規則引擎給出結論和推理步驟。',
      examples: '範例問題', conversation: '對話', newChat: '新對話', questionLabel: '你的問題', send: '送出',
      hint: '按 Enter 送出，Shift+Enter 換行。追問會沿用這段對話。',
      footer: '離線運作：答案來自規則書原文與規則引擎，不使用語言模型。',
      placeholder: '例如：夢魘可以破壞高塔列嗎？', noExamples: '（載入範例時發生問題）', cleared: '已開始新對話。'
    },
    'zh-CN': {
      title: '规则仲裁', skip: '跳到提问框', game: '游戏', auto: '自动判断', language: '界面语言',
      intro: '问一个规则问题。每个回答都附上规则书原文；可以计算的规则会由规则引擎给出结论和推理步骤。',
      examples: '示例问题', conversation: '对话', newChat: '新对话', questionLabel: '你的问题', send: '发送',
      hint: '按 Enter 发送，Shift+Enter 换行。追问会沿用这段对话。',
      footer: '离线运行：答案来自规则书原文与规则引擎，不使用语言模型。',
      placeholder: '例如：梦魇可以破坏高塔列吗？', noExamples: '（载入示例时出现问题）', cleared: '已开始新对话。'
    },
    en: {
      title: 'Rules arbiter', skip: 'Skip to the question box', game: 'Game', auto: 'Detect automatically',
      language: 'Interface language',
      intro: 'Ask a rules question. Every answer quotes the rulebook; where a rule can be computed, the rules engine gives a verdict and its reasoning.',
      examples: 'Example questions', conversation: 'Conversation', newChat: 'New conversation',
      questionLabel: 'Your question', send: 'Ask', hint: 'Enter sends, Shift+Enter adds a line. Follow-up questions keep the conversation.',
      footer: 'Runs offline: answers come from the rulebook text and a rules engine, no language model.',
      placeholder: 'e.g. Can a Nightmare destroy the Tower row?', noExamples: '(could not load the examples)',
      cleared: 'Started a new conversation.'
    }
  };

  var RA = window.RulesArbiter;
  var $ = function (id) { return document.getElementById(id); };
  var state = {lang: 'zh-TW', game: '', games: [], rules: [], history: [], busy: false};

  function ui(key) { return (UI[state.lang] || UI['zh-TW'])[key] || key; }

  function initialLang() {
    var params = new URLSearchParams(location.search);
    var saved = params.get('lang');
    try { saved = saved || localStorage.getItem('arbiter.lang'); } catch (e) { /* storage blocked */ }
    return RA.pickLang(saved || navigator.language || 'zh-TW');
  }

  function applyLang() {
    document.documentElement.lang = state.lang;
    document.title = ui('title') + ' · rules-arbiter';
    Array.prototype.forEach.call(document.querySelectorAll('[data-i18n]'), function (el) {
      el.textContent = ui(el.getAttribute('data-i18n'));
    });
    $('question').setAttribute('placeholder', ui('placeholder'));
    $('lang').value = state.lang;
    fillGames();
    fillExamples();
  }

  function gameName(g) { return (g.names && (g.names[state.lang] || g.names['zh-TW'])) || g.id; }

  function fillGames() {
    var sel = $('game');
    while (sel.options.length > 1) sel.remove(1);
    sel.options[0].textContent = ui('auto');
    state.games.forEach(function (g) {
      var o = document.createElement('option');
      o.value = g.id;
      o.textContent = gameName(g);
      sel.appendChild(o);
    });
    sel.value = state.game;
  }

  /* Examples come from the rule registry (/api/rules), one per rule, in the interface language. */
  function fillExamples() {
    var list = $('example-list');
    list.textContent = '';
    var seenGame = {};
    var picked = state.rules.filter(function (r) {
      if (state.game && r.game !== state.game) return false;
      seenGame[r.game] = (seenGame[r.game] || 0) + 1;
      return seenGame[r.game] <= (state.game ? 6 : 2);
    });
    picked.forEach(function (r) {
      var ex = r.examples || {};
      var q = (ex[state.lang] || ex['zh-TW'] || ex.en || [])[0];
      if (!q) return;
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'example';
      b.textContent = q;
      b.setAttribute('data-game', r.game);
      b.addEventListener('click', function () {
        $('question').value = q;
        $('question').focus();
      });
      var li = document.createElement('li');
      li.appendChild(b);
      list.appendChild(li);
    });
  }

  function load(path) {
    return fetch(path, {headers: {accept: 'application/json'}}).then(function (r) {
      if (!r.ok) throw new Error('HTTP ' + r.status);
      return r.json();
    });
  }

  function setNotice(text, kind) {
    var n = $('notice');
    n.textContent = text || '';
    if (kind) n.setAttribute('data-kind', kind); else n.removeAttribute('data-kind');
  }

  function addUserTurn(q) {
    var li = document.createElement('li');
    li.className = 'turn turn-user';
    var p = document.createElement('p');
    p.className = 'bubble';
    p.textContent = q;
    li.appendChild(p);
    $('conversation').appendChild(li);
    return li;
  }

  function send(q) {
    if (state.busy) return;
    q = q.trim();
    if (!q) return;
    state.busy = true;
    $('send').disabled = true;
    setNotice('');
    var conv = $('conversation');
    conv.setAttribute('aria-busy', 'true');
    addUserTurn(q);
    var pending = document.createElement('li');
    pending.className = 'turn turn-pending';
    pending.textContent = RA.text(state.lang, 'loading');
    conv.appendChild(pending);
    pending.scrollIntoView({block: 'nearest'});
    RA.ask('', {question: q, game: state.game || null, history: state.history.slice(-8)}).then(function (res) {
      pending.remove();
      conv.removeAttribute('aria-busy');
      state.busy = false;
      if (res.ok) {
        state.history.push({question: q});
        $('question').value = '';
        var li = document.createElement('li');
        li.className = 'turn turn-answer';
        li.appendChild(RA.renderCard(res.data, {lang: state.lang, api: '', showQuestion: false}));
        conv.appendChild(li);
        li.scrollIntoView({block: 'start', behavior: 'smooth'});
        $('announcer').textContent = RA.announceText(res.data, state.lang);
        $('send').disabled = false;
      } else if (res.error === 'rate') {
        var wait = res.retry > 0 ? res.retry : 5;
        setNotice(res.retry > 0 ? RA.text(state.lang, 'rate', {s: res.retry}) : RA.text(state.lang, 'rateSoon'), 'rate');
        setTimeout(function () { $('send').disabled = false; setNotice(''); }, Math.min(wait, 600) * 1000);
        conv.lastChild && conv.lastChild.classList.add('turn-unanswered');
      } else {
        setNotice(res.error === 'cors' ? RA.text(state.lang, 'corsError') : res.error === 'net' ? RA.text(state.lang, 'netError') : RA.text(state.lang, 'error', {msg: res.message}), 'error');
        conv.lastChild && conv.lastChild.classList.add('turn-unanswered');
        $('send').disabled = false;
      }
      $('question').focus();
    });
  }

  function init() {
    if (!RA) return;
    state.lang = initialLang();
    var params = new URLSearchParams(location.search);
    state.game = params.get('game') || '';
    applyLang();
    $('lang').addEventListener('change', function () {
      state.lang = RA.pickLang(this.value);
      try { localStorage.setItem('arbiter.lang', state.lang); } catch (e) { /* ignore */ }
      applyLang();
    });
    $('game').addEventListener('change', function () {
      state.game = this.value;
      fillExamples();
    });
    $('new-chat').addEventListener('click', function () {
      state.history = [];
      $('conversation').textContent = '';
      setNotice('');
      $('announcer').textContent = ui('cleared');
      $('question').focus();
    });
    $('ask-form').addEventListener('submit', function (e) {
      e.preventDefault();
      send($('question').value);
    });
    $('question').addEventListener('keydown', function (e) {
      if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
        e.preventDefault();
        send(this.value);
      }
    });
    Promise.all([load('/api/games'), load('/api/rules')]).then(function (both) {
      state.games = both[0] || [];
      state.rules = both[1] || [];
      if (state.game && !state.games.some(function (g) { return g.id === state.game; })) state.game = '';
      fillGames();
      fillExamples();
      document.body.setAttribute('data-ready', 'true');
      // A link from a chat platform (?q=…) asks its question again, with the whole answer shown.
      var linked = params.get('q');
      if (linked) send(linked);
    }, function () {
      $('example-list').textContent = ui('noExamples');
      document.body.setAttribute('data-ready', 'true');
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
