import type { Router } from 'express';
import { packageVersion } from '../package-root.js';
import type { World } from '../world/world.js';
import { DASHBOARD_SCRIPT } from './dashboard-script.js';

// The dashboard (design: admin): one static page whose small script calls the admin JSON API. The page
// holds no data itself, so it is served without the admin token; the script asks for the token when the
// API answers 401. Element ids are stable: the browser test and QA scripts find controls by them.

const CSS = `
body{font:14px/1.45 system-ui,sans-serif;background:#f4f1ea;color:#222;margin:0}
header{background:#a0132c;color:#fff;padding:.6rem 1.2rem;display:flex;gap:1.2rem;align-items:center;flex-wrap:wrap}
header h1{font-size:1.15rem;margin:0}
main{display:grid;grid-template-columns:repeat(auto-fit,minmax(24rem,1fr));gap:1rem;padding:1rem}
section{background:#fff;border-radius:6px;box-shadow:0 1px 3px #0002;padding:.6rem 1rem;overflow:auto}
section.wide{grid-column:1/-1}
h2{font-size:1rem;margin:.2rem 0 .6rem}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{text-align:left;padding:.25rem .4rem;border-bottom:1px solid #eee;vertical-align:top}
td.num{text-align:right}
tr.rejected td{background:#fdf0f0}
form{display:flex;flex-wrap:wrap;gap:.4rem;align-items:end;margin:.4rem 0}
label{display:flex;flex-direction:column;font-size:12px;color:#555}
input,select{font:inherit;padding:.2rem .3rem}
input.short{width:5rem}
button{font:inherit;padding:.25rem .7rem;cursor:pointer}
#status{min-height:1.2em;margin-left:auto}
#status.error{color:#ffe08a}
code,.why{font:12px ui-monospace,monospace;white-space:pre-wrap;word-break:break-all}
.muted{color:#777}
#login{display:none}
#journal-table{table-layout:fixed}
#journal-table col.time{width:7.5rem}
#journal-table col.method{width:4.2rem}
#journal-table col.consumer{width:10rem}
#journal-table col.user{width:11rem}
#journal-table col.status{width:4rem}
#journal-table col.ms{width:4.2rem}
#journal-table col.why{width:24%}
#journal-table td{overflow-wrap:anywhere}
.guid{font:11px ui-monospace,monospace;color:#777;word-break:break-all}
button.toggle{padding:0 .3rem;margin-right:.2rem;font-size:11px}
tr.exchange>td{background:#faf8f3;padding:.5rem}
.exchange-parts{display:grid;grid-template-columns:repeat(auto-fit,minmax(20rem,1fr));gap:1rem}
.exchange-parts h3{font-size:13px;margin:.2rem 0;word-break:break-all}
.exchange-parts h4{font-size:12px;margin:.5rem 0 .1rem;color:#555}
.exchange-parts table{font-size:12px;table-layout:auto}
.exchange-parts th{width:30%;font-weight:normal;color:#555;word-break:break-all}
pre.body{font:12px ui-monospace,monospace;white-space:pre-wrap;word-break:break-all;max-height:24rem;overflow:auto;background:#fff;border:1px solid #eee;padding:.3rem;margin:.2rem 0}
#journal-filters input{width:8rem}
#journal-filters input.wide{width:13rem}
#coverage-consumer{width:14rem}
tr.never td{background:#fbf7ee;color:#777}
#coverage-table td.num,#coverage-table td:nth-child(2) code{white-space:nowrap}
#coverage-table code{word-break:normal}
.never-mark{font-size:11px;color:#a0132c;margin-left:.4rem}
`;

const PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="data:,"><title>rentalsim dashboard</title><style>${CSS}</style></head>
<body>
<header>
  <h1>rentalsim</h1>
  <span>scenario <strong id="scenario-name">…</strong></span>
  <form id="scenario-form"><select id="scenario-select" aria-label="scenario"></select><button id="scenario-switch">Switch</button></form>
  <button id="reset-all" title="every sandbox, the clock, faults and the journal back as at start-up">Reset all</button>
  <form id="login"><input id="token-input" type="password" placeholder="admin token" aria-label="admin token"><button>Use token</button></form>
  <span id="status" role="status"></span>
</header>
<main>
  <section>
    <h2>Clock</h2>
    <p><span id="clock-now">…</span> <span class="muted" id="clock-mode"></span></p>
    <form id="advance-form"><label>advance by<input id="advance-by" class="short" value="11m"></label><button>Advance</button></form>
    <form id="freeze-form"><label>freeze at (blank = now)<input id="freeze-at" placeholder="2030-01-01T00:00:00Z"></label><button>Freeze</button></form>
    <button id="clock-real">Real time</button>
  </section>
  <section>
    <h2>Sandboxes <span class="muted" id="sandbox-summary"></span></h2>
    <table><thead><tr><th>consumer key</th><th>uses</th><th>idle</th><th></th></tr></thead><tbody id="sandboxes"></tbody></table>
  </section>
  <section class="wide">
    <h2>Faults</h2>
    <form id="fault-form">
      <label>route<input id="fault-route" name="route" value="/catalog/title"></label>
      <label>method<select id="fault-method" name="method"><option>*</option><option>GET</option><option>POST</option><option>PUT</option><option>DELETE</option></select></label>
      <label>consumer<input id="fault-consumer" name="consumer" placeholder="any"></label>
      <label>kind<select id="fault-kind" name="kind"><option value="error">error</option><option value="latency">latency</option><option value="rate-limit">rate limit</option><option value="drop">drop connection</option></select></label>
      <label>status<input id="fault-status" name="status" class="short" value="503"></label>
      <label>ms<input id="fault-ms" name="ms" class="short"></label>
      <label>max ms<input id="fault-max-ms" name="maxMs" class="short"></label>
      <label>retry after s<input id="fault-retry" name="retryAfter" class="short"></label>
      <label>times<input id="fault-times" name="times" class="short" placeholder="∞"></label>
      <label>probability<input id="fault-probability" name="probability" class="short" placeholder="1"></label>
      <label>seed<input id="fault-seed" name="seed" class="short" placeholder="1"></label>
      <button id="fault-add">Add fault</button>
    </form>
    <table><thead><tr><th>id</th><th>method</th><th>route</th><th>consumer</th><th>does</th><th>trigger</th><th>fired</th><th></th></tr></thead><tbody id="faults"></tbody></table>
    <button id="faults-clear">Clear faults</button>
  </section>
  <section class="wide">
    <h2>Journal <span class="muted" id="journal-summary"></span> <button id="journal-clear">Clear</button></h2>
    <form id="journal-filters" title="the filters of GET /__admin/journal (docs/reference/admin-api.md#journal)">
      <label>method<select id="jf-method" name="method"><option value="">any</option><option>GET</option><option>POST</option><option>PUT</option><option>DELETE</option><option>HEAD</option></select></label>
      <label>route<input id="jf-path" name="path" class="wide" placeholder="/users/:guid/queues/*"></label>
      <label>consumer<input id="jf-consumer" name="consumer" placeholder="any"></label>
      <label>user (login or GUID)<input id="jf-user" name="user" placeholder="any"></label>
      <label>status<input id="jf-status" name="status" class="short" placeholder="any"></label>
      <label>rejected<select id="jf-rejected" name="rejected"><option value="">either</option><option value="true">rejected</option><option value="false">answered</option></select></label>
      <label>since<input id="jf-since" name="since" class="wide" placeholder="2030-01-01T12:00:00Z"></label>
      <label>until<input id="jf-until" name="until" class="wide" placeholder="2030-01-01T13:00:00Z"></label>
      <button id="jf-apply">Filter</button>
      <button id="jf-reset" type="reset">All requests</button>
    </form>
    <table id="journal-table">
      <colgroup><col class="time"><col class="method"><col class="url"><col class="consumer"><col class="user"><col class="status"><col class="ms"><col class="why"></colgroup>
      <thead><tr><th>time</th><th>method</th><th>URL</th><th>consumer</th><th>user</th><th>status</th><th>ms</th><th>why rejected</th></tr></thead><tbody id="journal"></tbody>
    </table>
  </section>
  <section class="wide">
    <h2>Coverage <span class="muted" id="coverage-summary"></span></h2>
    <form id="coverage-form" title="GET /__admin/coverage (docs/reference/admin-api.md#coverage)">
      <label>consumer key<input id="coverage-consumer" placeholder="test-consumer-key"></label>
      <button id="coverage-load">Load</button>
    </form>
    <p id="coverage-totals"></p>
    <table id="coverage-table"><thead><tr><th>method</th><th>path</th><th>calls</th><th>statuses</th><th>variants never used</th></tr></thead><tbody id="coverage"></tbody></table>
  </section>
</main>
<script src="/__admin/dashboard.js"></script>
</body></html>
`;

/**
 * What answers before the admin token check, and under any host name: GET /__admin/ (the dashboard page),
 * /__admin/dashboard.js and /__admin/health. The page and script hold no data, and every call the script
 * makes carries the token.
 */
export function openRoutes(router: Router, world: World): void {
  router.get('/', (_req, res) => {
    res.type('html').set('Cache-Control', 'no-store').send(PAGE);
  });
  router.get('/dashboard.js', (_req, res) => {
    res.type('application/javascript').set('Cache-Control', 'no-store').send(DASHBOARD_SCRIPT);
  });

  /**
   * GET /__admin/health: what a container HEALTHCHECK, a CI wait loop and WireMock users poll. Shaped like
   * WireMock's (`status`, `version`, `uptimeInSeconds`), plus the active scenario.
   *
   * Mounted before the admin token check (as WireMock's health is open): the pollers that need it (a
   * HEALTHCHECK, a `curl` loop in a CI step) usually hold no token, and the answer gives away nothing a client
   * could not learn by calling the API itself.
   *
   * Uptime is real time since the simulator started (the world's real time source), not
   * the simulator clock: moving the clock to test a token's expiry must not look like a restart.
   */
  const startedAt = world.realNow();
  const version = packageVersion();
  router.get('/health', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({
      status: 'healthy',
      version,
      scenario: world.scenario.definition.name,
      uptimeInSeconds: Math.max(0, world.realNow() - startedAt) / 1000,
      // With --data-dir: its path, bytes, budget and any file set aside at start-up (docs/reference/data-dir.md).
      ...(world.dataDir ? { dataDir: world.dataDir.report() } : {}),
    });
  });
}
