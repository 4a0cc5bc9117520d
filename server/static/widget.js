/* rules-arbiter widget: one <script> tag puts a rules-question box and answer cards on any page.
 *
 *   <script src="https://HOST/widget.js" data-game="onirim" data-lang="zh-TW" async></script>
 *
 * data-game  onirim | mist-mountain | dungeon-lords (optional: the server guesses the game)
 * data-lang  zh-TW | zh-CN | en (interface language; answers follow the question's language)
 * data-api   base URL of the server (default: the origin this file was loaded from)
 * data-mount "manual" to only define <rules-arbiter-widget> without inserting one
 *
 * The element goes into #rules-arbiter when the page has one, else right after the script tag.
 * Everything lives in a shadow root; styles are a constructed stylesheet (adoptedStyleSheets), so a
 * host page with a strict Content-Security-Policy needs nothing inline. Server and user text is
 * only ever put into text nodes (no innerHTML anywhere), so it is shown, never run.
 * The card renderer is shared with the chat page through window.RulesArbiter.
 */
(function () {
  'use strict';

  var SCRIPT = document.currentScript;
  var TAG = 'rules-arbiter-widget';
  var CORS_HINT = "rules-arbiter: this site's origin is not in the server's CORS allowlist (ARBITER_CORS_ORIGINS)";

  var TEXT = {
    'zh-TW': {
      title: '規則小幫手', ask: '提問', placeholder: '輸入規則問題，例如：夢魘可以破壞高塔列嗎？',
      label: '規則問題', yes: '是', no: '否', depends: '視情況', verdict: '結論',
      why: '為什麼', assumptions: '假設', ambiguities: '規則書不明確之處', readings: '可能的解讀',
      quotes: '規則書原文', showSection: '顯示整節', hideSection: '收起整節', loading: '查詢中…',
      you: '你問', arbiter: '回答', outOfScope: '不在範圍內', cases: '各種情況', holds: '成立',
      fails: '不成立', took: '耗時 {ms} 毫秒', passage: '段落', section: '章節',
      rate: '問得有點快了，請在 {s} 秒後再問一次。', rateSoon: '問得有點快了，請稍候片刻再問。',
      netError: '無法連線到規則伺服器，請稍後再試。', error: '伺服器回覆錯誤：{msg}',
      announce: '新回答：{text}', noQuotes: '沒有引用段落。', sectionError: '無法載入這一節。',
      rule: '規則', close: '清除對話', steps: '推理步驟', needs: '還需要知道', ids: '編號（給貢獻者）',
      examples: '試試這些問題', placeholderFor: '例如：{q}', propose: '提出裁定 / Propose a ruling', rulingPage: '裁定頁面', corsError: '這個網站沒有被規則伺服器允許（來源不在允許清單中）；網站管理者請見 docs/widget.md。'
    },
    'zh-CN': {
      title: '规则小帮手', ask: '提问', placeholder: '输入规则问题，例如：梦魇可以破坏高塔列吗？',
      label: '规则问题', yes: '是', no: '否', depends: '视情况', verdict: '结论',
      why: '为什么', assumptions: '假设', ambiguities: '规则书不明确之处', readings: '可能的解读',
      quotes: '规则书原文', showSection: '显示整节', hideSection: '收起整节', loading: '查询中…',
      you: '你问', arbiter: '回答', outOfScope: '不在范围内', cases: '各种情况', holds: '成立',
      fails: '不成立', took: '耗时 {ms} 毫秒', passage: '段落', section: '章节',
      rate: '问得有点快了，请在 {s} 秒后再问一次。', rateSoon: '问得有点快了，请稍候片刻再问。',
      netError: '无法连接到规则服务器，请稍后再试。', error: '服务器回复错误：{msg}',
      announce: '新回答：{text}', noQuotes: '没有引用段落。', sectionError: '无法载入这一节。',
      rule: '规则', close: '清除对话', steps: '推理步骤', needs: '还需要知道', ids: '编号（给贡献者）',
      examples: '试试这些问题', placeholderFor: '例如：{q}', propose: '提出裁定 / Propose a ruling', rulingPage: '裁定页面', corsError: '这个网站没有被规则服务器允许（来源不在允许清单中）；网站管理者请见 docs/widget.md。'
    },
    en: {
      title: 'Rules helper', ask: 'Ask', placeholder: 'Ask a rules question, e.g. Can a Nightmare destroy the Tower row?',
      label: 'Rules question', yes: 'Yes', no: 'No', depends: 'Depends', verdict: 'Verdict',
      why: 'Why', assumptions: 'Assumptions', ambiguities: 'Unclear in the rulebook', readings: 'Possible readings',
      quotes: 'Rulebook text', showSection: 'Show whole section', hideSection: 'Hide section', loading: 'Looking it up…',
      you: 'You asked', arbiter: 'Answer', outOfScope: 'Out of scope', cases: 'Cases', holds: 'holds',
      fails: 'does not hold', took: '{ms} ms', passage: 'Passage', section: 'Section',
      rate: 'That was a bit fast. Please ask again in {s} seconds.', rateSoon: 'That was a bit fast. Please wait a moment and ask again.',
      netError: 'Cannot reach the rules server. Please try again later.', error: 'The server answered with an error: {msg}',
      announce: 'New answer: {text}', noQuotes: 'No passages quoted.', sectionError: 'Could not load this section.',
      rule: 'Rule', close: 'Clear conversation', steps: 'Steps', needs: 'Still needed', ids: 'Ids (for contributors)',
      examples: 'Try one of these', placeholderFor: 'e.g. {q}', propose: '提出裁定 / Propose a ruling', rulingPage: 'Ruling page', corsError: 'This site is not allowed by the rules server (its origin is not in the allowlist); site owners: see docs/widget.md.'
    }
  };

  function pickLang(lang) {
    if (TEXT[lang]) return lang;
    var l = String(lang || '').toLowerCase();
    if (l.indexOf('en') === 0) return 'en';
    if (l === 'zh-cn' || l === 'zh-sg' || l.indexOf('zh-hans') === 0) return 'zh-CN';
    return 'zh-TW';
  }

  function t(lang, key, vars) {
    var s = (TEXT[pickLang(lang)] || TEXT['zh-TW'])[key] || key;
    if (vars) Object.keys(vars).forEach(function (k) { s = s.split('{' + k + '}').join(String(vars[k])); });
    return s;
  }

  /* h('p', {class: 'x', text: 'plain'}, child, ...): builds elements; text only via text nodes. */
  var SAFE_ATTRS = /^(class|id|role|type|name|for|hidden|disabled|open|rows|placeholder|lang|title|tabindex|autocomplete|enterkeyhint|aria-[a-z]+|data-[a-z-]+|part|target|rel)$/;
  function h(tag, props) {
    var el = document.createElement(tag);
    props = props || {};
    Object.keys(props).forEach(function (k) {
      var v = props[k];
      if (v === null || v === undefined || v === false) return;
      if (k === 'text') el.textContent = String(v);
      else if (k.slice(0, 2) === 'on') el.addEventListener(k.slice(2), v);
      else if (k === 'href') el.setAttribute('href', ownLink(v));
      else if (SAFE_ATTRS.test(k)) el.setAttribute(k, v === true ? '' : String(v));
      else throw new Error('rules-arbiter: attribute not allowed: ' + k);
    });
    for (var i = 2; i < arguments.length; i++) append(el, arguments[i]);
    return el;
  }
  function append(el, child) {
    if (child === null || child === undefined || child === false) return;
    if (Array.isArray(child)) { child.forEach(function (c) { append(el, c); }); return; }
    el.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }

  /* Links go only to the server's own pages (built with apiUrl from fixed paths), never to a javascript: URL. */
  function ownLink(url) {
    url = String(url);
    if (!/^(https?:\/\/[^\s]+|\/[^\/][^\s]*)$/.test(url)) throw new Error('rules-arbiter: link not allowed: ' + url);
    return url;
  }
  function apiUrl(base, path) { return String(base || '').replace(/\/+$/, '') + path; }
  function passagePath(id) { return '/api/passages/' + String(id).split('/').map(encodeURIComponent).join('/'); }

  function valueText(value, lang) {
    if (value === true) return t(lang, 'yes');
    if (value === false) return t(lang, 'no');
    if (value === 'depends') return t(lang, 'depends');
    if (Array.isArray(value)) return value.length ? value.map(function (v) { return valueText(v, lang); }).join(pickLang(lang) === 'en' ? ', ' : '、') : '—';
    if (value === null || value === undefined) return '—';
    if (typeof value === 'object') return '—'; /* a structured value is shown by its value_text */
    return String(value);
  }
  function badgeKind(value) {
    if (value === true) return 'yes';
    if (value === false) return 'no';
    if (value === 'depends') return 'depends';
    return typeof value === 'number' ? 'number' : 'value';
  }
  function badge(value, lang, text) {
    return h('span', {class: 'ra-badge ra-badge-' + badgeKind(value), 'data-value': badgeKind(value)}, text || valueText(value, lang));
  }

  /* One quoted passage: its answering sentence (the excerpt) or whole text, where it stands in the
     rulebook, and a button that opens the whole section via /api/passages/{id}. */
  function quote(c, opts) {
    var lang = opts.lang;
    var sectionBox = h('div', {class: 'ra-section', hidden: true});
    var btn = h('button', {type: 'button', class: 'ra-link', 'aria-expanded': 'false'}, t(lang, 'showSection'));
    var loaded = false;
    btn.addEventListener('click', function () {
      var open = btn.getAttribute('aria-expanded') !== 'true';
      btn.setAttribute('aria-expanded', open ? 'true' : 'false');
      btn.textContent = t(lang, open ? 'hideSection' : 'showSection');
      sectionBox.hidden = !open;
      if (open && !loaded) {
        loaded = true;
        loadSection(c.id, sectionBox, opts).catch(function () {
          loaded = false;
          sectionBox.textContent = t(lang, 'sectionError');
        });
      }
    });
    var sid = 'ra-sec-' + (++quoteSeq);
    sectionBox.setAttribute('id', sid);
    btn.setAttribute('aria-controls', sid);
    var shown = opts.excerpt && c.excerpt ? c.excerpt : c.text;
    return h('figure', {class: 'ra-quote', 'data-passage': c.id},
      h('blockquote', {class: 'ra-quote-text', lang: 'zh-Hant'}, shown),
      h('figcaption', {class: 'ra-quote-cap'},
        h('span', {class: 'ra-sect'}, c.title || c.section || ''),
        btn,
        c.kind === 'ruling' ? h('a', {class: 'ra-link ra-ruling-link', href: pageUrl(opts, '/' + String(c.id).split('/').map(encodeURIComponent).join('/'))}, t(lang, 'rulingPage')) : null),
      sectionBox);
  }
  var quoteSeq = 0;

  function getJSON(url) {
    return fetch(url, {headers: {accept: 'application/json'}, credentials: 'omit'}).then(function (r) {
      if (!r.ok) throw new Error('HTTP ' + r.status);
      return r.json();
    });
  }

  function loadSection(id, box, opts) {
    box.textContent = t(opts.lang, 'loading');
    box.setAttribute('aria-busy', 'true');
    return getJSON(apiUrl(opts.api, passagePath(id))).then(function (p) {
      var ids = Array.isArray(p.section_passages) && p.section_passages.length ? p.section_passages : [p.id];
      return Promise.all(ids.map(function (sid) {
        return sid === p.id ? Promise.resolve(p) : getJSON(apiUrl(opts.api, passagePath(sid)));
      }));
    }).then(function (list) {
      box.textContent = '';
      box.removeAttribute('aria-busy');
      if (list[0] && list[0].section) box.appendChild(h('p', {class: 'ra-section-title'}, list[0].section));
      list.forEach(function (p) {
        box.appendChild(h('div', {class: 'ra-section-item' + (p.id === id ? ' ra-current' : ''), 'data-passage': p.id},
          h('p', {class: 'ra-quote-text'}, p.text)));
      });
    });
  }

  /* The answer card. First screen: the answer line, the one quote it rests on and at most one note
     that the rulebook is unclear there. Behind the "Why" toggle (a native <details>, so keyboard and
     screen readers work): the verdict, cases, steps, assumptions, readings, other quotes and, for
     contributors, the ids. */
  function renderCard(data, opts) {
    opts = opts || {};
    var lang = pickLang(opts.lang);
    var v = data && data.verdict;
    var card = h('article', {class: 'ra-card' + (data.in_scope === false ? ' ra-out' : ''), 'data-rule': data.rule || null,
      'data-value': v ? badgeKind(v.value) : null});
    if (opts.showQuestion !== false) {
      card.appendChild(h('p', {class: 'ra-q'}, h('span', {class: 'ra-who'}, t(lang, 'you')), h('span', {class: 'ra-q-text'}, data.question)));
    }
    var line = data.answer_line || String(data.answer || '').split('\n')[0];
    var answerLang = data.lang || null;
    card.appendChild(h('p', {class: 'ra-answer', lang: answerLang},
      data.in_scope === false ? h('span', {class: 'ra-badge ra-badge-out'}, t(lang, 'outOfScope')) : null,
      v && (v.value === true || v.value === false) ? badge(v.value, lang) : null,
      data.in_scope === false || (v && (v.value === true || v.value === false)) ? ' ' : null, line));
    if (data.quote) card.appendChild(quote(data.quote, {lang: lang, api: opts.api, excerpt: true}));
    var notes = Array.isArray(data.ambiguities) ? data.ambiguities : [];
    if (notes.length) card.appendChild(h('p', {class: 'ra-note', lang: answerLang}, h('span', {class: 'ra-sub'}, t(lang, 'ambiguities') + '：'), notes[0].note));
    var why = whyBlock(data, lang, opts);
    if (why.childNodes.length > 1) card.appendChild(why);
    if (data.in_scope !== false && data.question) card.appendChild(h('p', {class: 'ra-actions'}, proposeLink(data, lang, opts)));
    if (typeof data.took_ms === 'number') card.appendChild(h('p', {class: 'ra-meta'}, t(lang, 'took', {ms: Math.round(data.took_ms)})));
    return card;
  }

  /* A page of the server (the chat page's own origin, or the widget's server), in the reader's language. */
  function pageUrl(opts, path) {
    return apiUrl(opts.api, path) + (path.indexOf('?') < 0 ? '?' : '&') + 'lang=' + encodeURIComponent(pickLang(opts.lang));
  }

  /* "Propose a ruling": the form prefilled with this answer's question, game and quoted rule passages. */
  function proposeLink(data, lang, opts) {
    var query = 'q=' + encodeURIComponent(String(data.question).slice(0, 500));
    if (data.game) query += '&game=' + encodeURIComponent(data.game);
    var cited = [];
    if (data.quote) cited.push(data.quote);
    (data.citations || []).forEach(function (c) { cited.push(c); });
    var seen = {};
    cited.forEach(function (c) {
      if (c.kind === 'ruling' || seen[c.id] || Object.keys(seen).length >= 5) return;
      seen[c.id] = true;
      query += '&cite=' + encodeURIComponent(c.id);
    });
    return h('a', {class: 'ra-link ra-propose', href: pageUrl(opts, '/rulings/propose?' + query),
                   target: opts.api ? '_blank' : null, rel: opts.api ? 'noopener' : null}, t(lang, 'propose'));
  }

  /* Everything behind the "Why" toggle. */
  function whyBlock(data, lang, opts) {
    var v = data.verdict;
    var answerLang = data.lang || null;
    var box = h('details', {class: 'ra-why'}, h('summary', {}, t(lang, 'why')));
    if (v) {
      box.appendChild(h('p', {class: 'ra-verdict'}, h('span', {class: 'ra-verdict-label'}, t(lang, 'verdict')),
        badge(v.value, lang, v.value_text)));
      if (Array.isArray(v.cases) && v.cases.length) {
        box.appendChild(h('div', {class: 'ra-block ra-cases', lang: answerLang}, h('p', {class: 'ra-h'}, t(lang, 'cases')),
          h('ul', {}, v.cases.map(function (c) {
            return h('li', {}, badge(c.value, lang, c.value_text), ' ', h('span', {class: 'ra-when'}, c.when));
          }))));
      }
      if (Array.isArray(v.trace) && v.trace.length) {
        box.appendChild(h('div', {class: 'ra-block ra-steps', lang: answerLang}, h('p', {class: 'ra-h'}, t(lang, 'steps')),
          h('ol', {}, v.trace.map(function (s) {
            var mark = s.holds === false ? '✗' : s.holds === true ? '✓' : '·';
            return h('li', {class: s.holds === false ? 'ra-step ra-fails' : 'ra-step ra-holds'},
              h('span', {class: 'ra-mark', 'aria-label': t(lang, s.holds === false ? 'fails' : 'holds'), role: 'img'}, mark),
              ' ', h('span', {}, s.step));
          }))));
      }
      if (Array.isArray(v.assumptions) && v.assumptions.length) {
        box.appendChild(h('div', {class: 'ra-block ra-assumptions', lang: answerLang}, h('p', {class: 'ra-h'}, t(lang, 'assumptions')),
          h('ul', {}, v.assumptions.map(function (a) { return h('li', {}, a); }))));
      }
    }
    if (Array.isArray(data.needs) && data.needs.length) {
      box.appendChild(h('div', {class: 'ra-block ra-needs', lang: answerLang}, h('p', {class: 'ra-h'}, t(lang, 'needs')),
        h('ul', {}, data.needs.map(function (n) { return h('li', {}, n); }))));
    }
    if (Array.isArray(data.ambiguities) && data.ambiguities.length) {
      box.appendChild(h('div', {class: 'ra-block ra-ambiguities', lang: answerLang}, h('p', {class: 'ra-h'}, t(lang, 'ambiguities')),
        h('ul', {}, data.ambiguities.map(function (a) {
          return h('li', {}, h('span', {}, a.note),
            a.readings && a.readings.length ? h('div', {class: 'ra-readings'}, h('span', {class: 'ra-sub'}, t(lang, 'readings')),
              h('ol', {}, a.readings.map(function (r) { return h('li', {}, r); }))) : null);
        }))));
    }
    var first = data.quote && data.quote.id;
    var others = (data.citations || []).filter(function (c) { return c.id !== first; });
    if (others.length) {
      box.appendChild(h('div', {class: 'ra-block ra-quotes'}, h('p', {class: 'ra-h'}, t(lang, 'quotes')),
        others.map(function (c) { return quote(c, {lang: lang, api: opts.api}); })));
    }
    /* For contributors: the ids behind the answer, kept out of the first screen. */
    var ids = [];
    if (data.rule) ids.push(h('code', {class: 'ra-pid', title: t(lang, 'rule')}, data.rule));
    (data.citations || []).forEach(function (c) { ids.push(' ', h('code', {class: 'ra-pid', title: t(lang, 'passage')}, c.id)); });
    if (ids.length) box.appendChild(h('p', {class: 'ra-ids'}, h('span', {class: 'ra-sub'}, t(lang, 'ids') + ' '), ids));
    return box;
  }

  function announceText(data, lang) {
    return t(lang, 'announce', {text: data.answer_line || String(data.answer || '').split('\n')[0]});
  }

  /* POST /api/ask. Resolves {ok, data} or {error: 'rate'|'net'|'http', retry, message}. */
  var corsChecked = {}, corsOk = {};
  function ask(api, body) {
    return fetch(apiUrl(api, '/api/ask'), {
      method: 'POST', credentials: 'omit',
      headers: {'content-type': 'application/json', accept: 'application/json'},
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (j) {
        if (r.status === 429) {
          var retry = parseInt(r.headers.get('retry-after') || j.retry_after, 10);
          return {error: 'rate', retry: isFinite(retry) && retry > 0 ? retry : 0};
        }
        if (!r.ok) return {error: 'http', message: j.error || ('HTTP ' + r.status)};
        return {ok: true, data: j};
      });
    }, function (err) {
      /* The origin was allowed a moment ago, so this is most likely an answer without CORS headers
         (a 429 or 413 from a proxy or an older server): say so politely. */
      if (corsOk[api]) return {error: 'rate', retry: 0};
      return diagnose(api, err).then(function (kind) { return {error: kind}; });
    });
  }

  /* A fetch TypeError: if the server answers an opaque no-cors probe, the origin is what is refused
     ('cors', a set-up error the site owner can fix); otherwise the server is unreachable ('net'). */
  function diagnose(api, err) {
    if (!corsChecked[api]) {
      corsChecked[api] = fetch(apiUrl(api, '/healthz'), {mode: 'no-cors', credentials: 'omit'}).then(function () {
        console.error(CORS_HINT + '. Origin: ' + location.origin + '; server: ' + api + '; see docs/widget.md');
        return 'cors';
      }, function () {
        console.error('rules-arbiter: cannot reach the server at ' + api + ' (' + (err && err.message) + ')');
        return 'net';
      });
    }
    return corsChecked[api];
  }

  var CSS = [
    ':host{display:block;max-width:44rem;margin:1.5rem 0;font:15px/1.55 system-ui,"Noto Sans TC","Noto Sans CJK TC","PingFang TC","Microsoft JhengHei",sans-serif;color:#1d2330}',
    ':host([hidden]){display:none}',
    '*{box-sizing:border-box}',
    '.ra{border:1px solid #c9cfdb;border-radius:12px;background:#fff;overflow:hidden}',
    '.ra-head{display:flex;align-items:center;gap:.5rem;padding:.6rem .9rem;background:#27304a;color:#fff;font-weight:600}',
    '.ra-head .ra-game{font-weight:400;opacity:.85}',
    '.ra-head .ra-clear{margin-left:auto;background:transparent;border:1px solid #8d97b3;color:#fff;border-radius:6px;padding:.1rem .5rem;font:inherit;font-size:.8rem;cursor:pointer}',
    '.ra-log{max-height:32rem;overflow:auto;padding:.4rem .9rem}',
    '.ra-log:empty{display:none}',
    '.ra-form{display:flex;gap:.5rem;padding:.7rem .9rem;border-top:1px solid #e3e7ef;background:#f6f7fb}',
    'textarea{flex:1;min-width:0;resize:vertical;font:inherit;padding:.45rem .6rem;border:1px solid #a9b2c5;border-radius:8px;background:#fff;color:inherit}',
    'button{font:inherit}',
    '.ra-send{padding:.45rem 1rem;border:0;border-radius:8px;background:#2f5bd3;color:#fff;font-weight:600;cursor:pointer}',
    '.ra-send:disabled{background:#8c9ab8;cursor:not-allowed}',
    'button:focus-visible,textarea:focus-visible,summary:focus-visible{outline:3px solid #f0a500;outline-offset:2px}',
    '.ra-notice{margin:0;padding:.5rem .9rem;background:#fff6db;border-top:1px solid #f0d68a;color:#5b4500}',
    '.ra-notice:empty{display:none}',
    '.ra-sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}',
    '.ra-card{padding:.7rem 0;border-bottom:1px solid #e3e7ef}',
    '.ra-card:last-child{border-bottom:0}',
    '.ra-q{margin:0 0 .4rem;color:#46506a}',
    '.ra-who{display:inline-block;margin-right:.4rem;font-size:.75rem;padding:0 .4rem;border-radius:4px;background:#e7ebf5;color:#3a4560}',
    '.ra-q-text{white-space:pre-wrap;word-break:break-word}',
    '.ra-verdict{display:flex;align-items:center;flex-wrap:wrap;gap:.5rem;margin:.2rem 0}',
    '.ra-verdict-label{font-size:.8rem;color:#5d6780}',
    '.ra-badge{display:inline-block;min-width:2.2em;text-align:center;padding:.05rem .6rem;border-radius:999px;font-weight:700;background:#e6e9f2;color:#1d2330}',
    '.ra-badge-yes{background:#d7f3df;color:#11632f}',
    '.ra-badge-no{background:#fde0de;color:#9a1c12}',
    '.ra-badge-depends{background:#fff0c7;color:#7a5300}',
    '.ra-badge-number{background:#dbe6ff;color:#1c3f9c}',
    '.ra-badge-out{background:#eceef3;color:#4b5366}',
    '.ra-rule{font-size:.75rem;color:#6a738a}',
    '.ra-expl{margin:.3rem 0;white-space:pre-wrap}',
    '.ra-h{margin:.5rem 0 .2rem;font-size:.8rem;font-weight:700;color:#46506a;text-transform:none}',
    '.ra-block ul,.ra-block ol,.ra-why ol{margin:.1rem 0;padding-left:1.3rem}',
    '.ra-ambiguities{background:#fff8e6;border-left:3px solid #e0a800;padding:.1rem .6rem .4rem;margin:.4rem 0}',
    '.ra-sub{font-size:.8rem;color:#6a5a20}',
    '.ra-ambiguities summary{cursor:pointer;color:#6a5a20}',
    '.ra-log{position:relative}',
    '.ra-why{margin:.4rem 0}',
    '.ra-why summary{cursor:pointer;color:#2f5bd3;font-weight:600}',
    '.ra-fails .ra-mark{color:#9a1c12}.ra-holds .ra-mark{color:#11632f}',
    '.ra-cites code{margin-left:.4rem}',
    '.ra-quote{margin:.4rem 0;padding:.4rem .7rem;border-left:3px solid #2f5bd3;background:#f4f6fb;border-radius:0 6px 6px 0}',
    '.ra-quote-text{margin:0;white-space:pre-wrap;word-break:break-word}',
    '.ra-quote-cap{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem;margin-top:.3rem;font-size:.78rem;color:#5d6780}',
    '.ra-pid{font:.78rem ui-monospace,Menlo,Consolas,monospace;background:#e7ebf5;padding:0 .3rem;border-radius:4px;color:#2a3350;word-break:break-all}',
    '.ra-link{background:none;border:0;padding:0;color:#2f5bd3;text-decoration:underline;cursor:pointer;font-size:.78rem}',
    '.ra-section{margin-top:.4rem;padding-top:.3rem;border-top:1px dashed #b9c2d6}',
    '.ra-section-title{margin:0 0 .3rem;font-weight:600;font-size:.85rem}',
    '.ra-section-item{margin:.3rem 0;padding:.2rem .4rem;border-radius:4px}',
    '.ra-current{background:#e3ebff}',
    '.ra-meta{margin:.3rem 0 0;font-size:.75rem;color:#596178}',
    '.ra-actions{margin:.4rem 0 0}a.ra-link{display:inline-block}',
    '.ra-out .ra-answer{color:#4b5366}',
    '.ra-answer{margin:.2rem 0 .3rem;font-weight:600;white-space:pre-wrap}',
    '.ra-answer .ra-badge{margin-right:.4rem;font-size:.85rem}',
    '.ra-note{margin:.3rem 0;padding:.2rem .6rem;background:#fff8e6;border-left:3px solid #e0a800;border-radius:0 6px 6px 0;font-size:.9rem}',
    '.ra-ids{margin:.4rem 0 0;font-size:.8rem}',
    '.ra-examples{padding:.2rem .9rem .5rem}',
    '.ra-examples[hidden]{display:none}',
    '.ra-examples ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.4rem}',
    '.ra-example{border:1px solid #a9b2c5;background:#fff;color:#1d2330;border-radius:999px;padding:.15rem .7rem;font-size:.85rem;cursor:pointer;text-align:left}',
    '.ra-pending{color:#4b5366;font-style:italic}',
    '@media (max-width:480px){:host{font-size:14px}.ra-form{flex-direction:column}.ra-send{width:100%}}'
  ].join('\n');

  var sheet = null;
  function styleInto(root) {
    try {
      if (!sheet) { sheet = new CSSStyleSheet(); sheet.replaceSync(CSS); }
      root.adoptedStyleSheets = [sheet];
    } catch (e) {
      /* Older browsers: a <style> element (a host CSP without 'unsafe-inline' may block it). */
      var st = document.createElement('style');
      st.textContent = CSS;
      root.appendChild(st);
    }
  }

  /* Example questions of one game (every game when none), one per rule, in the interface language. */
  function examplesFor(rules, game, lang, limit) {
    var out = [];
    rules.forEach(function (r) {
      if (game && r.game !== game) return;
      var list = (r.examples || {})[pickLang(lang)] || [];
      if (list[0] && out.length < limit) out.push(list[0]);
    });
    return out;
  }

  var seq = 0;
  var Base = typeof HTMLElement === 'function' ? HTMLElement : function () {};

  class RulesArbiterWidget extends Base {
    connectedCallback() {
      if (this._built) return;
      this._built = true;
      this._history = [];
      this._busy = false;
      var lang = this._lang = pickLang(this.getAttribute('lang') || this.getAttribute('data-lang') || document.documentElement.lang);
      this._game = this.getAttribute('game') || null;
      this._api = this.getAttribute('api') || (SCRIPT ? new URL(SCRIPT.src, location.href).origin : location.origin);
      var id = 'ra' + (++seq);
      var root = this.attachShadow({mode: 'open'});
      styleInto(root);
      this._gameName = h('span', {class: 'ra-game'});
      this._log = h('div', {class: 'ra-log', role: 'log', 'aria-live': 'off', 'aria-label': t(lang, 'title')});
      this._input = h('textarea', {id: id + '-q', rows: 2, placeholder: t(lang, 'placeholder'), autocomplete: 'off', enterkeyhint: 'send', lang: lang});
      this._send = h('button', {type: 'submit', class: 'ra-send'}, t(lang, 'ask'));
      this._notice = h('p', {class: 'ra-notice', role: 'status', 'aria-live': 'polite'});
      this._examples = h('div', {class: 'ra-examples', hidden: true});
      this._live = h('div', {class: 'ra-sr', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true'});
      var form = h('form', {class: 'ra-form', onsubmit: this._submit.bind(this)},
        h('label', {class: 'ra-sr', for: id + '-q'}, t(lang, 'label')), this._input, this._send);
      this._input.addEventListener('keydown', function (e) {
        if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) { e.preventDefault(); form.requestSubmit ? form.requestSubmit() : this._submit(e); }
      }.bind(this));
      var clear = h('button', {type: 'button', class: 'ra-clear'}, t(lang, 'close'));
      clear.addEventListener('click', function () { this._log.textContent = ''; this._history = []; this._examples.hidden = !this._examples.childNodes.length; this._input.focus(); }.bind(this));
      root.appendChild(h('section', {class: 'ra', part: 'container', lang: lang, 'aria-label': t(lang, 'title')},
        h('div', {class: 'ra-head'}, h('span', {}, t(lang, 'title')), this._gameName, clear),
        this._log, this._examples, this._notice, form, this._live));
      this._loadGame();
    }

    /* The game's name in the header, and its example questions (from the rule registry) under the
       box until the first question, the first of them as the placeholder. */
    _loadGame() {
      var self = this;
      getJSON(apiUrl(this._api, '/api/games')).then(function (games) {
        corsOk[self._api] = true;
        var g = (games || []).filter(function (x) { return x.id === self._game; })[0];
        if (g && g.names) self._gameName.textContent = '· ' + (g.names[self._lang] || g.names['zh-TW'] || g.id);
        return getJSON(apiUrl(self._api, '/api/rules'));
      }).then(function (rules) {
        self._showExamples(examplesFor(rules || [], self._game, self._lang, 3));
      }, function (err) {
        diagnose(self._api, err).then(function (kind) {
          if (kind === 'cors') self._notice.textContent = t(self._lang, 'corsError');
        });
      });
    }

    _showExamples(questions) {
      var self = this;
      if (!questions.length) return;
      this._input.setAttribute('placeholder', t(this._lang, 'placeholderFor', {q: questions[0]}));
      this._examples.textContent = '';
      this._examples.appendChild(h('p', {class: 'ra-h'}, t(this._lang, 'examples')));
      this._examples.appendChild(h('ul', {}, questions.map(function (q) {
        return h('li', {}, h('button', {type: 'button', class: 'ra-example', onclick: function () {
          self._input.value = q;
          self._input.focus();
        }}, q));
      })));
      this._examples.hidden = this._log.childNodes.length > 0;
    }

    _submit(e) {
      if (e) e.preventDefault();
      var q = this._input.value.trim();
      if (!q || this._busy || this._send.disabled) return;
      var self = this, lang = this._lang;
      this._busy = true;
      this._send.disabled = true;
      this._notice.textContent = '';
      this._log.setAttribute('aria-busy', 'true');
      this._examples.hidden = true;
      var pending = h('p', {class: 'ra-card ra-pending'}, t(lang, 'loading'));
      this._log.appendChild(pending);
      ask(this._api, {question: q, game: this._game, history: this._history.slice(-8)}).then(function (res) {
        pending.remove();
        self._log.removeAttribute('aria-busy');
        self._busy = false;
        if (res.ok) {
          self._history.push({question: q});
          self._input.value = '';
          var card = renderCard(res.data, {lang: lang, api: self._api});
          self._log.appendChild(card);
          self._log.scrollTop = card.offsetTop;
          self._live.textContent = announceText(res.data, lang);
          self._send.disabled = false;
        } else if (res.error === 'rate') {
          self._rateLimited(res.retry);
        } else {
          self._notice.removeAttribute('data-kind');
          self._notice.textContent = res.error === 'cors' ? t(lang, 'corsError') : res.error === 'net' ? t(lang, 'netError') : t(lang, 'error', {msg: res.message});
          self._send.disabled = false;
        }
        self._input.focus();
      });
    }

    _rateLimited(seconds) {
      var self = this, lang = this._lang;
      var known = seconds > 0, left = Math.min(known ? seconds : 5, 600);
      this._notice.textContent = known ? t(lang, 'rate', {s: left}) : t(lang, 'rateSoon');
      this._notice.setAttribute('data-kind', 'rate');
      /* Said once (a ticking countdown would make screen readers chatter); the button waits it out. */
      setTimeout(function () {
        if (self._notice.getAttribute('data-kind') === 'rate') self._notice.textContent = '';
        self._notice.removeAttribute('data-kind');
        self._send.disabled = false;
      }, left * 1000);
    }
  }

  window.RulesArbiter = {
    renderCard: renderCard, announceText: announceText, ask: ask, valueText: valueText,
    pickLang: pickLang, text: t, h: h, corsHint: CORS_HINT
  };

  if (!window.customElements) return;
  if (!customElements.get(TAG)) customElements.define(TAG, RulesArbiterWidget);

  function mount() {
    if (!SCRIPT || SCRIPT.getAttribute('data-mount') === 'manual') return;
    var el = document.createElement(TAG);
    ['game', 'lang', 'api'].forEach(function (k) {
      var v = SCRIPT.getAttribute('data-' + k);
      if (v) el.setAttribute(k, v);
    });
    var slot = document.getElementById('rules-arbiter');
    if (slot) slot.appendChild(el);
    else if (SCRIPT.parentNode && SCRIPT.parentNode !== document.head && document.body && document.body.contains(SCRIPT)) SCRIPT.parentNode.insertBefore(el, SCRIPT.nextSibling);
    else if (document.body) document.body.appendChild(el);
  }
  var inBody = SCRIPT && document.body && document.body.contains(SCRIPT);
  if (document.readyState !== 'loading' || document.getElementById('rules-arbiter') || inBody) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();
