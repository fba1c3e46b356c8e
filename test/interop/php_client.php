<?php
// Interop client: PHP's PECL OAuth extension (Debian php-oauth, with php-cli) against a running simulator,
// written as the shipped LOVEFiLM PHP client was: it sends `Accept: application/json` on every API call and
// finds the user by the link titled "current user" under `resource.links`.
//
// Usage: php test/interop/php_client.php <simulator url>
// Prints one line per check, `ok <name>` or `not ok <name>: <why>`, and exits 0 (run.sh counts the lines).
// Every answer is read as JSON when it is JSON and as XML when it is XML: both become the same tree (the
// root element's name as the single key; attributes and child elements as properties; a repeated element
// as a list, under its plural in JSON (`links`, `categories`: docs/reference/json.md); text beside attributes
// as `content`), so the checks read one shape; one check insists on JSON, as the shipped client read it.
// Only php-cli's own functions besides the extension (no SimpleXML: php-xml is not needed).
ini_set('default_socket_timeout', '10');

const KEY = 'test-consumer-key';
const SECRET = 'test-consumer-secret';
const SCHEMA = 'http://schemas.lovefilm.com';
const ACCEPT = ['Accept' => 'application/json'];

$SIM = rtrim($argv[1] ?? '', '/');
if ($SIM === '') {
    fwrite(STDERR, "usage: php php_client.php <simulator url>\n");
    exit(2);
}

class CheckFailed extends Exception {}

function expect(bool $cond, string $why): void
{
    if (!$cond) throw new CheckFailed($why);
}

/** Runs one check; its result feeds later checks, null when it failed. */
function check(string $name, callable $fn)
{
    try {
        $out = $fn();
        echo "ok php: $name\n";
        return $out;
    } catch (Throwable $e) {
        $why = preg_replace('/\s+/', ' ', get_class($e) . ': ' . $e->getMessage());
        echo "not ok php: $name: " . substr($why, 0, 400) . "\n";
        return null;
    }
}

function need(string $what, ...$values): void
{
    foreach ($values as $v) if ($v === null) throw new CheckFailed("needs $what, which an earlier check did not produce");
}

// ---- answers, JSON or XML, as one tree -------------------------------------------------------------

/** The simulator's XML (no comments, CDATA or DTD) as the tree described at the top. */
function xml_tree(string $xml): array
{
    $xml = preg_replace('/^<\?xml[^>]*\?>/', '', $xml);
    preg_match_all('/<[^>]+>|[^<]+/', $xml, $m);
    $stack = [['name' => '', 'attrs' => [], 'children' => [], 'text' => '']];
    foreach ($m[0] as $tok) {
        if ($tok[0] !== '<') {
            $stack[count($stack) - 1]['text'] .= html_entity_decode($tok, ENT_QUOTES | ENT_XML1, 'UTF-8');
            continue;
        }
        if ($tok[1] === '/') {
            $el = array_pop($stack);
            $stack[count($stack) - 1]['children'][] = $el;
            continue;
        }
        preg_match('/^<([^\s\/>]+)/', $tok, $name);
        preg_match_all('/([^\s=]+)="([^"]*)"/', $tok, $attrs, PREG_SET_ORDER);
        $el = ['name' => $name[1], 'attrs' => [], 'children' => [], 'text' => ''];
        foreach ($attrs as $a) $el['attrs'][$a[1]] = html_entity_decode($a[2], ENT_QUOTES | ENT_XML1, 'UTF-8');
        if (substr($tok, -2) === '/>') $stack[count($stack) - 1]['children'][] = $el;
        else $stack[] = $el;
    }
    $root = $stack[0]['children'][0] ?? null;
    if ($root === null) throw new CheckFailed('not an XML document: ' . substr($xml, 0, 200));
    return [$root['name'] => xml_value($root)];
}

function xml_value(array $el)
{
    if (!$el['attrs'] && !$el['children']) return $el['text'];
    $out = $el['attrs'];
    $counts = array_count_values(array_column($el['children'], 'name'));
    foreach ($el['children'] as $c) {
        if ($c['name'] === 'link') $out['links'][] = xml_value($c);
        elseif ($counts[$c['name']] > 1) $out[$c['name']][] = xml_value($c);
        else $out[$c['name']] = xml_value($c);
    }
    if (trim($el['text']) !== '') $out['content'] = $el['text'];
    return $out;
}

/** The JSON key of a repeatable element (docs/reference/json.md): `link` -> `links`, `category` -> `categories`. */
function plural(string $name): string
{
    return preg_match('/[^aeiou]y$/', $name) ? substr($name, 0, -1) . 'ies' : $name . 's';
}

/** Every element called $name under $obj: a list, one object, or nothing; read under its plural as JSON has it. */
function many($obj, string $name): array
{
    if (!is_array($obj)) return [];
    $v = $obj[plural($name)] ?? $obj[$name] ?? null;
    if ($v === null || $v === '') return [];
    return is_array($v) && array_is_list($v) ? $v : [$v];
}

/** A scalar as the XML writes it: `true`, `3`, or the `content` of an element with attributes. */
function text($v): string
{
    if (is_array($v)) return text($v['content'] ?? '');
    if (is_bool($v)) return $v ? 'true' : 'false';
    return (string) $v;
}

function link_href($obj, string $rel): string
{
    foreach (many($obj, 'link') as $l) if (($l['rel'] ?? '') === SCHEMA . "/$rel") return $l['href'];
    throw new CheckFailed('no link rel=' . SCHEMA . "/$rel");
}

/** The answer of the last call of $o, checked for its status and root; answers the root's object. */
function answer(OAuth $o, int $status, string $root)
{
    $info = $o->getLastResponseInfo();
    $body = (string) $o->getLastResponse();
    expect(($info['http_code'] ?? 0) === $status, "status {$info['http_code']}, wanted $status: " . substr($body, 0, 300));
    $type = $info['content_type'] ?? '';
    $GLOBALS['LAST_TYPE'] = $type;
    if (preg_match('#^application/json\s*(;|$)#i', $type)) {
        $doc = json_decode($body, true, 512, JSON_THROW_ON_ERROR);
    } else {
        expect($type === 'application/xml;charset=UTF-8', "Content-Type $type");
        $doc = xml_tree($body);
    }
    expect(is_array($doc) && array_keys($doc) === [$root], 'root ' . json_encode(array_keys((array) $doc)) . ", wanted $root");
    return $doc[$root];
}

/** A signed call; a 4xx/5xx is an answer to read (the extension throws on those). */
function call(OAuth $o, string $method, string $url, int $status, string $root, ?array $params = null)
{
    try {
        $o->fetch($url, $params ?? [], $method, ACCEPT);
    } catch (OAuthException $e) {
        if (!$o->getLastResponseInfo()) throw $e;
    }
    return answer($o, $status, $root);
}

function oauth(string $secret = SECRET): OAuth
{
    // The header (OAUTH_AUTH_TYPE_AUTHORIZATION) is the extension's default; named here as the shipped client did.
    $o = new OAuth(KEY, $secret, OAUTH_SIG_METHOD_HMACSHA1, OAUTH_AUTH_TYPE_AUTHORIZATION);
    $o->disableRedirects();
    return $o;
}

/** A plain HTTP call with PHP's own streams (the subscriber's browser). */
function browser(string $method, string $url, ?array $form = null): array
{
    $opts = ['method' => $method, 'ignore_errors' => true, 'follow_location' => 0, 'timeout' => 10];
    if ($form !== null) {
        $opts['header'] = "Content-Type: application/x-www-form-urlencoded\r\n";
        $opts['content'] = http_build_query($form);
    }
    $body = file_get_contents($url, false, stream_context_create(['http' => $opts]));
    preg_match('#^HTTP/\S+ (\d+)#', $http_response_header[0] ?? '', $m);
    return [(int) ($m[1] ?? 0), (string) $body];
}

// ---- the three-legged dance -----------------------------------------------------------------------

/** Request token with oob, the subscriber signs in on the HTML page and reads the 6-digit code, access token. */
function dance(): array
{
    global $SIM;
    $o = oauth();
    $rt = $o->getRequestToken("$SIM/oauth/request_token", 'oob');
    expect(is_array($rt) && ($rt['oauth_callback_confirmed'] ?? '') === 'true', 'oauth_callback_confirmed missing: ' . json_encode($rt));
    expect(($rt['login_url'] ?? '') === "$SIM/oauth/login", "login_url {$rt['login_url']}");
    [$status, $page] = browser('GET', "{$rt['login_url']}?oauth_token=" . rawurlencode($rt['oauth_token']));
    expect($status === 200 && str_contains($page, 'name="password"'), "sign-in page: $status");
    expect((bool) preg_match('/name="form_token" value="([^"]+)"/', $page, $ft), 'no form_token on the sign-in page');
    [$status, $allowed] = browser('POST', $rt['login_url'], ['oauth_token' => $rt['oauth_token'], 'form_token' => $ft[1],
        'login' => 'alice', 'password' => 'alice-password', 'decision' => 'allow']);
    expect((bool) preg_match('/id="verifier">(\d{6})</', $allowed, $v), "no 6-digit verifier on the page: $status " . substr($allowed, 0, 200));
    $o->setToken($rt['oauth_token'], $rt['oauth_token_secret']);
    $at = $o->getAccessToken("$SIM/oauth/access_token", '', $v[1]);
    expect(!empty($at['oauth_token']) && !empty($at['oauth_token_secret']), 'access token answer ' . json_encode($at));
    return [$at['oauth_token'], $at['oauth_token_secret']];
}

function user_oauth(array $token, string $secret = SECRET): OAuth
{
    $o = oauth($secret);
    $o->setToken($token[0], $token[1]);
    return $o;
}

// ---- signed reads and writes ----------------------------------------------------------------------

/** GET /users and its link titled "current user", as the shipped client; the user's queues; the every-queue. */
function read_user(OAuth $o): string
{
    global $SIM;
    $current = call($o, OAUTH_HTTP_METHOD_GET, "$SIM/users", 200, 'resource');
    $user_href = null;
    foreach (many($current, 'link') as $l) if (($l['title'] ?? '') === 'current user') $user_href = $l['href'];
    expect($user_href !== null && str_starts_with($user_href, "$SIM/users/"), 'no link titled "current user" under resource.links');
    $user = call($o, OAUTH_HTTP_METHOD_GET, $user_href, 200, 'user');
    expect(text($user['id'] ?? '') === $user_href, 'the user id differs from the link followed');
    $queues = call($o, OAUTH_HTTP_METHOD_GET, link_href($user, 'queues'), 200, 'queues');
    $every = link_href($queues, 'every_queue');
    $queue = call($o, OAUTH_HTTP_METHOD_GET, "$every?items_per_page=100&expand=none&start_index=1", 200, 'queue');
    expect(ctype_digit(text($queue['total_results'] ?? '')), 'no total_results');
    return $every;
}

function queued(OAuth $o, string $every, string $ref): array
{
    $queue = call($o, OAUTH_HTTP_METHOD_GET, "$every?title_refs=" . rawurlencode($ref) . '&expand=none', 200, 'queue');
    return array_map(fn($item) => text($item['id'] ?? ''), many($queue, 'queue_item'));
}

/** A form body of two refs: a rentable title not yet queued, and one that is no title. Answers [ref, href]. */
function add_with_failure(OAuth $o, string $every): array
{
    global $SIM;
    $search = call($o, OAUTH_HTTP_METHOD_GET, "$SIM/catalog/title?items_per_page=50", 200, 'search');
    $bogus = "$SIM/catalog/title/not-a-title";
    foreach (many($search, 'catalog_title') as $t) {
        if (text($t['can_rent'] ?? '') !== 'true') continue;
        $ref = text($t['id']);
        if (queued($o, $every, $ref)) continue;
        $doc = call($o, OAUTH_HTTP_METHOD_POST, $every, 201, 'response', ['title_refs' => "$ref,$bogus"]);
        $created = array_column(many($doc['resources_created'] ?? null, 'link'), 'href');
        $failed = array_column(many($doc['failed_title_refs'] ?? null, 'link'), 'href');
        expect($failed === [$bogus], 'failed_title_refs ' . json_encode($failed) . ", wanted [$bogus]");
        if (!$created) continue; // refused for another reason (a scenario stock rule): try the next one
        expect(queued($o, $every, $ref) === $created, "$ref is not in the queue after a 201");
        return [$ref, $created[0]];
    }
    throw new CheckFailed('no candidate title could be queued');
}

function put_priority(OAuth $o, string $every, string $ref, string $href): bool
{
    call($o, OAUTH_HTTP_METHOD_PUT, "$href?priority=1", 200, 'status');
    $queue = call($o, OAUTH_HTTP_METHOD_GET, "$every?title_refs=" . rawurlencode($ref) . '&expand=none', 200, 'queue');
    $items = many($queue, 'queue_item');
    expect(count($items) === 1 && text($items[0]['priority'] ?? '') === '1', 'the PUT did not change the priority');
    return true;
}

function delete_title(OAuth $o, string $every, string $ref, string $href): bool
{
    $doc = call($o, OAUTH_HTTP_METHOD_DELETE, $href, 200, 'status');
    expect(text($doc['status_code'] ?? '') === '200', 'status_code is not 200');
    expect(queued($o, $every, $ref) === [], "$ref is still queued after the DELETE");
    return true;
}

/** The last answer came as JSON, as the shipped client asked. */
function expect_json(string $what): void
{
    $type = $GLOBALS['LAST_TYPE'] ?? '';
    expect($type === 'application/json;charset=UTF-8', "$what came as $type, not application/json;charset=UTF-8");
}

/**
 * As the shipped client: GET /users as JSON, the address of the link titled "current user" under
 * resource.links, then the user's queues, ratings and discs at home, each read as JSON.
 */
function read_as_json(OAuth $o): bool
{
    global $SIM;
    $resource = call($o, OAUTH_HTTP_METHOD_GET, "$SIM/users", 200, 'resource');
    expect_json('GET /users');
    expect(isset($resource['links']) && array_is_list($resource['links']), 'resource.links is not a JSON array');
    $current = array_values(array_filter($resource['links'], fn($l) => ($l['title'] ?? '') === 'current user'));
    expect(count($current) === 1, 'no link titled "current user" under resource.links');
    $address = $current[0]['href'];
    $user = call($o, OAUTH_HTTP_METHOD_GET, $address, 200, 'user');
    expect_json('the user');
    expect(($user['id'] ?? null) === $address, "the user's id is not the address followed");
    $queues = call($o, OAUTH_HTTP_METHOD_GET, link_href($user, 'queues'), 200, 'queues');
    expect_json('the queues');
    expect(count(many($queues, 'queue')) > 0 && isset($queues['queues']), 'no queues array in the queues');
    $ratings_resource = call($o, OAUTH_HTTP_METHOD_GET, link_href($user, 'ratings'), 200, 'resource');
    expect_json('the ratings resource');
    $ratings = call($o, OAUTH_HTTP_METHOD_GET, link_href($ratings_resource, 'title_ratings'), 200, 'ratings');
    expect_json('the title ratings');
    expect(ctype_digit($ratings['total_results'] ?? ''), 'no total_results in the ratings');
    expect(count(many($ratings, 'rating_item')) > 0, 'no rating_items in the ratings');
    foreach (many($ratings, 'rating_item') as $r) expect(is_string($r['rating'] ?? null) && count(many($r, 'catalog_title')) === 1, 'a rating_item without its rating and title');
    $at_home = call($o, OAUTH_HTTP_METHOD_GET, link_href($user, 'at_home'), 200, 'at_home');
    expect_json('the discs at home');
    expect(count(many($at_home, 'at_home_item')) > 0, 'no at_home_items at home');
    foreach (many($at_home, 'at_home_item') as $item) {
        $titles = many($item, 'catalog_title');
        expect(count($titles) === 1 && str_starts_with((string) ($titles[0]['id'] ?? ''), "$SIM/catalog/title/"), 'an at_home_item without its title');
    }
    return true;
}

/** Signed with the consumer alone: no setToken. */
function two_legged_search(): bool
{
    global $SIM;
    $doc = call(oauth(), OAUTH_HTTP_METHOD_GET, "$SIM/catalog/title?term=" . rawurlencode('fireflies garden') . '&items_per_page=5', 200, 'search');
    foreach (many($doc, 'catalog_title') as $t) {
        if (str_starts_with((string) ($t['title']['full'] ?? ''), 'Fireflies in the Garden')) return true;
    }
    throw new CheckFailed('no Fireflies in the Garden in the answer');
}

function bad_signature(array $token): bool
{
    global $SIM;
    $o = user_oauth($token, 'not-the-secret');
    $doc = call($o, OAUTH_HTTP_METHOD_GET, "$SIM/users", 401, 'error');
    expect(text($doc['reason'] ?? '') === 'Invalid Signature', 'reason ' . json_encode($doc['reason'] ?? null));
    expect(str_contains((string) $o->getLastResponseHeaders(), 'oauth_problem="signature_invalid"'), 'no oauth_problem in WWW-Authenticate');
    return true;
}

$token = check('oob dance (request token, the sign-in page, access token)', fn() => dance());
$o = $token ? user_oauth($token) : null;
$every = check('signed GET with a query, Accept: application/json (resource.links "current user" -> user -> queues -> every-queue?items_per_page&expand&start_index)', function () use ($o) {
    need('an access token', $o);
    return read_user($o);
});
check('as the shipped client, all JSON: resource.links "current user" -> the user -> its queues, ratings and discs at home', function () use ($o) {
    need('an access token', $o);
    return read_as_json($o);
});
$added = check('POST form body: one title created, one in failed_title_refs', function () use ($o, $every) {
    need('the every-queue link', $every);
    return add_with_failure($o, $every);
});
[$ref, $href] = $added ?? [null, null];
check('PUT with its parameter in the query and an empty body', function () use ($o, $every, $ref, $href) {
    need('an added title', $href);
    return put_priority($o, $every, $ref, $href);
});
check('DELETE the queued title', function () use ($o, $every, $ref, $href) {
    need('an added title', $href);
    return delete_title($o, $every, $ref, $href);
});
check('two-legged catalogue search (consumer key alone)', fn() => two_legged_search());
check('a wrong consumer secret gets 401 Invalid Signature', function () use ($token) {
    need('an access token', $token);
    return bad_signature($token);
});
exit(0);
