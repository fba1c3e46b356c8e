// The dashboard's script, served as /__admin/dashboard.js. Plain browser JavaScript in a string, so the
// build needs no bundler and no asset copying. Every value from the journal (URLs, consumer keys) is shown
// with textContent, never as HTML: a client can put anything in a URL.

export const DASHBOARD_SCRIPT = String.raw`(() => {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const TOKEN_KEY = 'rentalsim-admin-token';
  const MAX_ROWS = 200;
  let token = sessionStorage.getItem(TOKEN_KEY) || '';
  let activeScenario;
  /** The journal filters in force, as a query string (&name=value...). */
  let journalFilter = '';

  async function api(method, path, body) {
    // The admin header marks a call as the simulator's own (docs/reference/admin-api.md#security); JSON needs none, but it costs nothing.
    const headers = { 'X-Rentalsim-Admin': '1' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = 'Bearer ' + token;
    const res = await fetch('/__admin' + path, { method, headers, body: JSON.stringify(body) });
    const data = await res.json().catch(() => ({}));
    if (res.status === 401) {
      $('login').style.display = 'flex';
      throw new Error('the admin API needs its token');
    }
    if (!res.ok) throw new Error(data.error ? data.error.details : res.status + ' ' + res.statusText);
    return data;
  }

  /** An element with these properties (dataset too) and children; a child that is not a node is text (none for null or undefined). */
  function h(tag, { dataset, ...props } = {}, ...children) {
    const el = Object.assign(document.createElement(tag), props);
    Object.assign(el.dataset, dataset);
    el.append(...children.map((c) => c ?? ''));
    return el;
  }

  /** A table row of these cells: a td or th as it is, anything else in a td of its own. */
  const tr = (props, ...cells) => h('tr', props, ...cells.map((c) => (c instanceof HTMLTableCellElement ? c : h('td', {}, c))));
  const num = (...content) => h('td', { className: 'num' }, ...content);

  function say(message, isError) {
    Object.assign($('status'), { textContent: message, className: isError ? 'error' : '' });
  }

  /** Does the work, says so (or why not), and shows the new state; with clears, the journal rows shown are gone too. */
  async function act(work, done, clears) {
    try {
      await work();
      if (clears) clearJournalRows();
      say(done, false);
    } catch (e) {
      say(e.message, true);
    }
    await refresh();
  }

  function duration(ms) {
    const a = Math.abs(ms);
    const [unit, size] = [['d', 86400000], ['h', 3600000], ['m', 60000]].find(([, n]) => a % n === 0) || ['s', 1000];
    return (ms < 0 ? '-' : '+') + a / size + unit;
  }

  async function showScenario() {
    const d = await api('GET', '/scenarios');
    $('scenario-name').textContent = d.active;
    // A switch empties the journal (by whoever made it): the rows shown are the last scenario's.
    if (activeScenario !== undefined && d.active !== activeScenario) clearJournalRows();
    activeScenario = d.active;
    prefillCoverage(d.scenarios.find((s) => s.active)?.consumers[0], true);
    const select = $('scenario-select');
    // Built again only when the scenarios change, so a choice not yet switched to stays chosen.
    if (d.scenarios.map((s) => s.name).join(',') !== [...select.options].map((o) => o.value).join(',')) {
      select.replaceChildren(...d.scenarios.map((s) => h('option', { value: s.name, title: s.description }, s.name)));
      select.value = d.active;
    }
  }

  async function showClock() {
    const c = await api('GET', '/clock');
    $('clock-now').textContent = c.now;
    $('clock-mode').textContent = c.mode === 'offset' ? 'offset ' + duration(c.offsetMs) : c.mode;
  }

  async function showSandboxes() {
    const d = await api('GET', '/sandboxes');
    prefillCoverage(d.sandboxes[0]?.key, false);
    $('sandbox-summary').textContent = d.held + ' of at most ' + d.max + (d.evicted ? ', ' + d.evicted + ' evicted' : '') + (d.openMode ? ', open mode for ' + d.openMode + '*' : '');
    $('sandboxes').replaceChildren(...d.sandboxes.map((s) => {
      const reset = h('button', { className: 'sandbox-reset', onclick: () => act(() => api('POST', '/reset?consumer=' + encodeURIComponent(s.key)), 'sandbox ' + s.key + ' reset') }, 'Reset');
      return tr({ dataset: { key: s.key } }, h('code', {}, s.key), num(s.uses), num(s.idleSeconds + ' s'), reset);
    }));
  }

  function describeAction(a) {
    if (a.kind === 'error') return 'error ' + a.status + (a.reason ? ' ' + a.reason : '');
    if (a.kind === 'latency') return 'latency ' + a.ms + (a.maxMs !== undefined ? '-' + a.maxMs : '') + ' ms';
    if (a.kind === 'rate-limit') return 'rate limit, Retry-After ' + a.retryAfterSeconds;
    return 'drop connection';
  }

  async function showFaults() {
    const d = await api('GET', '/faults');
    $('faults').replaceChildren(...d.faults.map((f) => {
      const remove = h('button', { onclick: () => act(() => api('DELETE', '/faults/' + f.id), 'fault ' + f.id + ' removed') }, 'Remove');
      const trigger = (f.times !== undefined ? f.remaining + ' of ' + f.times + ' left' : 'every time') + (f.probability !== undefined ? ', p=' + f.probability + ' seed ' + (f.seed ?? 1) : '');
      return tr({ dataset: { id: f.id } }, f.id, f.method, h('code', {}, f.route), f.consumer || 'any', describeAction(f.action), trigger,
        num(f.fired + '/' + f.matched), remove);
    }));
  }

  function pairsTable(pairs) {
    if (!pairs || pairs.length === 0) return h('p', { className: 'muted' }, 'none');
    return h('table', {}, h('tbody', {}, ...pairs.map(([n, v]) => tr({}, h('th', {}, n), h('code', {}, v)))));
  }

  function bodyBlock(body, none) {
    return body === undefined ? h('p', { className: 'muted' }, none) : h('pre', { className: 'body' }, body);
  }

  /** The request and the answer of an entry, in a row of their own under it, as wide as the table. */
  function exchangeRow(e) {
    const q = e.request;
    const a = e.answer;
    const request = h('div', { className: 'request' }, h('h3', {}, 'Request: ' + e.method + ' ' + e.url),
      h('h4', {}, 'headers'), pairsTable(q && q.headers),
      h('h4', {}, 'parameters (decoded)'), pairsTable(q && q.params),
      h('h4', {}, 'body'), bodyBlock(q && q.body, 'no form body'));
    const answer = a
      ? h('div', { className: 'answer' }, h('h3', {}, 'Answer: ' + a.status),
        h('h4', {}, 'headers'), pairsTable(a.headers),
        h('h4', {}, 'body'), bodyBlock(a.body, 'no body'))
      : h('div', { className: 'answer' }, h('h3', {}, 'Answer'), h('p', { className: 'muted' }, 'none: the connection was closed without one'));
    return h('tr', { className: 'exchange', dataset: { for: e.id } }, h('td', { colSpan: 8 }, h('div', { className: 'exchange-parts' }, request, answer)));
  }

  function journalRow(e) {
    const why = e.rejected
      ? h('details', {}, h('summary', {}, (e.rejected.check ? e.rejected.check + ': ' : '') + e.rejected.reason), h('div', { className: 'why' }, e.rejected.details + (e.rejected.cause ? '\n' + e.rejected.cause : '')))
      : (e.status === 0 ? 'connection closed without an answer' : '');
    // The login to read, the GUID beneath it to match against URLs.
    const user = e.user ? [e.login ? h('strong', { className: 'login' }, e.login) : '', h('div', { className: 'guid' }, e.user)] : [];
    const toggle = h('button', { className: 'toggle', type: 'button', title: 'the request and the answer' }, '▸');
    const row = tr({ className: 'entry' + (e.rejected || e.status === 0 ? ' rejected' : ''), dataset: { id: e.id } }, h('td', {}, toggle, e.at.slice(11, 23)),
      e.method, h('code', {}, e.url), e.consumer || '', h('td', {}, ...user), num(e.status || 'dropped'), num(e.durationMs), why);
    toggle.addEventListener('click', () => {
      const open = row.nextElementSibling && row.nextElementSibling.classList.contains('exchange') ? row.nextElementSibling : null;
      if (open) open.remove();
      else row.after(exchangeRow(e));
      toggle.textContent = open ? '▸' : '▾';
    });
    return row;
  }

  /** Counts the times the rows were emptied, so that an answer asked for before is not shown after. */
  let journalGeneration = 0;
  function clearJournalRows() {
    $('journal').replaceChildren();
    journalGeneration++;
  }

  async function showJournal() {
    const generation = journalGeneration;
    // Only the entries newer than the newest shown.
    const after = $('journal').querySelector('tr.entry')?.dataset.id ?? 0;
    const d = await api('GET', '/journal?limit=' + MAX_ROWS + '&after=' + after + journalFilter);
    if (generation !== journalGeneration) return;
    $('journal-summary').textContent = d.held + ' held of ' + d.capacity + (journalFilter ? ', filtered' : '');
    if (d.held === 0) clearJournalRows();
    if (d.entries.length === 0) return;
    const body = $('journal');
    body.prepend(...d.entries.map(journalRow));
    while (body.querySelectorAll('tr.entry').length > MAX_ROWS) body.lastChild.remove();
  }

  /**
   * Offers a consumer key to the coverage panel: the active scenario's first one wins over a held sandbox's.
   * Offered as the input's default value, which the input shows only until someone types in it (HTML's
   * dirty value flag): a key typed stays as typed.
   */
  function prefillCoverage(key, fromScenario) {
    const input = $('coverage-consumer');
    if (key && (!input.defaultValue || fromScenario)) input.defaultValue = key;
  }

  function ratio(label, r) {
    return label + ' ' + r.percent + '% (' + r.exercised + ' of ' + r.documented + ')';
  }

  /** Read on demand, not every second: a report walks every operation, and nobody reads it that often. */
  async function showCoverage() {
    const key = $('coverage-consumer').value.trim();
    for (const id of ['coverage', 'coverage-totals', 'coverage-summary']) $(id).replaceChildren();
    const r = await api('GET', '/coverage?consumer=' + encodeURIComponent(key));
    const t = r.totals;
    $('coverage-summary').textContent = 'of ' + r.consumer + ' since its sandbox was last reset';
    $('coverage-totals').textContent = [ratio('operations called', t.operations), ratio('variants used', t.variants),
      ratio('error rows answered', t.errors), ratio('OAuth failures answered', t.oauthProblems)].join(' · ') +
      (r.undocumentedCalls ? ' · ' + r.undocumentedCalls + ' calls to undocumented paths' : '');
    $('coverage').replaceChildren(...r.operations.map((o) => tr({ className: o.calls ? 'op' : 'op never', dataset: { op: o.method + ' ' + o.path } },
      o.method, h('code', {}, o.path), num(o.calls, o.calls ? '' : h('span', { className: 'never-mark' }, 'never called')),
      Object.entries(o.statuses).map(([status, n]) => status + ' ×' + n).join(', '), h('code', {}, o.variantsNeverUsed.join(', ')))));
  }

  /** A form's fields that are not blank, by name, trimmed. */
  function filled(formId) {
    return [...new FormData($(formId))].map(([name, v]) => [name, v.trim()]).filter(([, v]) => v !== '');
  }

  /** The refresh under way: one asked for meanwhile is that one. */
  let refreshing;
  function refresh() {
    refreshing ??= Promise.all([showScenario(), showClock(), showSandboxes(), showFaults(), showJournal()])
      .catch((e) => say(e.message, true))
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  /** Runs the handler when the form is submitted, or the button clicked. */
  function on(id, handler) {
    const el = $(id);
    el.addEventListener(el.tagName === 'FORM' ? 'submit' : 'click', (ev) => {
      ev.preventDefault();
      handler();
    });
  }

  /** The settings each kind of fault takes, besides the scope and the trigger. */
  const FAULT_SETTINGS = { error: ['status'], latency: ['ms', 'maxMs'], 'rate-limit': ['retryAfter'], drop: [] };

  function faultFromForm() {
    const f = Object.fromEntries(filled('fault-form'));
    const body = { route: $('fault-route').value.trim(), method: f.method, kind: f.kind, consumer: f.consumer };
    for (const name of [...FAULT_SETTINGS[f.kind], 'times', 'probability', 'seed']) if (f[name] !== undefined) body[name] = Number(f[name]);
    return body;
  }

  on('scenario-form', () => act(() => api('POST', '/scenarios/' + encodeURIComponent($('scenario-select').value)), 'scenario switched', true));
  on('coverage-form', () => act(showCoverage, 'coverage loaded'));
  on('journal-filters', () => act(async () => {
    // Each field is a filter of GET /__admin/journal. Checked before the rows go: a filter the API refuses
    // leaves the journal shown as it was.
    const filter = filled('journal-filters').map(([name, v]) => '&' + name + '=' + encodeURIComponent(v)).join('');
    await api('GET', '/journal/count?' + filter.slice(1));
    journalFilter = filter;
  }, 'journal filtered', true));
  // All requests is the filter form's reset button: the browser empties the fields.
  $('journal-filters').addEventListener('reset', () => act(() => {
    journalFilter = '';
  }, 'every request shown', true));
  on('reset-all', () => act(() => api('POST', '/reset'), 'everything reset', true));
  on('advance-form', () => act(() => api('POST', '/clock/advance', { by: $('advance-by').value.trim() }), 'clock advanced'));
  on('freeze-form', () => act(() => api('PUT', '/clock', { mode: 'frozen', at: $('freeze-at').value.trim() || undefined }), 'clock frozen'));
  on('clock-real', () => act(() => api('PUT', '/clock', { mode: 'real' }), 'clock back to real time'));
  on('fault-form', () => act(() => api('POST', '/faults', faultFromForm()), 'fault added'));
  on('faults-clear', () => act(() => api('DELETE', '/faults'), 'faults cleared'));
  on('journal-clear', () => act(() => api('DELETE', '/journal'), 'journal cleared', true));
  on('login', () => {
    token = $('token-input').value.trim();
    sessionStorage.setItem(TOKEN_KEY, token);
    $('login').style.display = 'none';
    refresh();
  });

  refresh();
  setInterval(refresh, 1000);
})();
`;
