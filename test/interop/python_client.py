#!/usr/bin/python3
"""Interop client: Python's requests-oauthlib (Debian python3-requests-oauthlib) against a running simulator.

Usage: /usr/bin/python3 test/interop/python_client.py <simulator url>
Prints one line per check, `ok <name>` or `not ok <name>: <why>`, and exits 0 (run.sh counts the lines).
Every request has a timeout, so a hung simulator fails a check instead of hanging the run.
"""
import re
import sys
import xml.etree.ElementTree as ET
from urllib.parse import parse_qs, urlencode, urlsplit

import requests
from requests_oauthlib import OAuth1, OAuth1Session

SIM = sys.argv[1].rstrip('/')
KEY, SECRET = 'test-consumer-key', 'test-consumer-secret'
LOGIN, PASSWORD = 'alice', 'alice-password'
# A base URL hard-coded in a client, reached through the simulator as an HTTP proxy (docs/reference/wire-format.md#addresses-and-ids).
PROXIED_BASE = 'http://api.lovefilm.example'
TIMEOUT = 10
SCHEMA = 'http://schemas.lovefilm.com'


class CheckFailed(Exception):
    pass


def expect(cond, why):
    if not cond:
        raise CheckFailed(why)


def check(name, fn, *args):
    """Runs one check; its result feeds later checks, None when it failed."""
    try:
        out = fn(*args)
        print(f'ok {name}', flush=True)
        return out
    except Exception as e:  # any failure, ours or the library's, is a failed check with its reason
        why = str(e).replace('\n', ' ')[:400]
        print(f'not ok {name}: {type(e).__name__}: {why}', flush=True)
        return None


def xml_of(res, status, root):
    expect(res.status_code == status, f'{res.request.method} {res.url}: status {res.status_code}, wanted {status}: {res.text[:300]}')
    ctype = res.headers.get('Content-Type', '')
    expect(ctype == 'application/xml;charset=UTF-8', f'Content-Type {ctype!r}')
    doc = ET.fromstring(res.content)
    expect(doc.tag == root, f'root <{doc.tag}>, wanted <{root}>')
    return doc


def link(doc, rel):
    for el in doc.iter('link'):
        if el.get('rel') == f'{SCHEMA}/{rel}':
            return el.get('href')
    raise CheckFailed(f'no link rel={SCHEMA}/{rel}')


def session(base, proxied=False, **kw):
    s = OAuth1Session(KEY, client_secret=SECRET, **kw)
    if proxied:
        s.trust_env = False  # the proxy below, never one from the environment
        s.proxies = {'http': SIM}
    return s


# ---- the three-legged dance ---------------------------------------------------------------------

def dance_oob_html_form(base=SIM, proxied=False):
    """Request token with oob, the subscriber allows access on the HTML page, the 6-digit code, access token."""
    s = session(base, proxied, callback_uri='oob')
    rt = s.fetch_request_token(f'{base}/oauth/request_token', timeout=TIMEOUT)
    expect(rt.get('oauth_callback_confirmed') == 'true', f'oauth_callback_confirmed missing: {rt}')
    login_url = rt.get('login_url', '')
    expect(login_url == f'{base}/oauth/login', f'login_url {login_url!r}')
    page = s.get(login_url, params={'oauth_token': rt['oauth_token']}, timeout=TIMEOUT)
    expect(page.status_code == 200 and 'name="password"' in page.text, f'sign-in page: {page.status_code}')
    # The form carries the page's own token (README: Security), as a browser's would.
    form_token = re.search(r'name="form_token" value="([^"]+)"', page.text)
    expect(form_token, 'no form_token on the sign-in page')
    allowed = s.post(login_url, data={'oauth_token': rt['oauth_token'], 'form_token': form_token.group(1), 'login': LOGIN, 'password': PASSWORD, 'decision': 'allow'}, timeout=TIMEOUT)
    m = re.search(r'id="verifier">(\d{6})<', allowed.text)
    expect(m, f'no 6-digit verifier on the page: {allowed.status_code} {allowed.text[:200]}')
    at = s.fetch_access_token(f'{base}/oauth/access_token', verifier=m.group(1), timeout=TIMEOUT)
    expect(at.get('oauth_token') and at.get('oauth_token_secret'), f'access token answer {at}')
    return at['oauth_token'], at['oauth_token_secret']


def dance_callback_admin():
    """Request token with a URL callback, authorised through POST /__admin/oauth/authorize, verifier from the redirect."""
    s = session(SIM, callback_uri='http://client.example/back?state=xyz')
    rt = s.fetch_request_token(f'{SIM}/oauth/request_token', timeout=TIMEOUT)
    expect(rt.get('oauth_callback_confirmed') == 'true', f'oauth_callback_confirmed missing: {rt}')
    res = requests.post(f'{SIM}/__admin/oauth/authorize', json={'oauth_token': rt['oauth_token'], 'user': LOGIN}, timeout=TIMEOUT)
    expect(res.status_code == 200, f'admin authorize: {res.status_code} {res.text[:200]}')
    redirect = res.json().get('redirect', '')
    expect(redirect.startswith('http://client.example/back?'), f'redirect {redirect!r}')
    expect(parse_qs(urlsplit(redirect).query).get('state') == ['xyz'], 'the callback lost its own query parameter')
    got = s.parse_authorization_response(redirect)
    expect(got.get('oauth_token') == rt['oauth_token'], 'the redirect names another token')
    at = s.fetch_access_token(f'{SIM}/oauth/access_token', timeout=TIMEOUT)
    return at['oauth_token'], at['oauth_token_secret']


# ---- signed reads and writes --------------------------------------------------------------------

def user_session(token, base=SIM, proxied=False, **kw):
    return session(base, proxied, resource_owner_key=token[0], resource_owner_secret=token[1], **kw)


def read_user(s, base=SIM):
    """GET /users, follow its one link to the user, then to the user's queues and the every-queue."""
    current = xml_of(s.get(f'{base}/users', timeout=TIMEOUT), 200, 'resource')
    user_href = link(current, 'user')
    expect(user_href.startswith(f'{base}/users/'), f'user link {user_href!r} is not under {base}')
    user = xml_of(s.get(user_href, timeout=TIMEOUT), 200, 'user')
    expect(user.findtext('id') == user_href, 'the user id differs from the link followed')
    queues = xml_of(s.get(link(user, 'queues'), timeout=TIMEOUT), 200, 'queues')
    every = link(queues, 'every_queue') if any(l.get('rel') == f'{SCHEMA}/every_queue' for l in queues.iter('link')) else None
    expect(every, 'no every_queue link')
    return {'user': user_href, 'every': every}


def read_queue(s, every):
    doc = xml_of(s.get(every, params={'items_per_page': '100', 'expand': 'none'}, timeout=TIMEOUT), 200, 'queue')
    expect(doc.findtext('total_results', '').isdigit(), 'no total_results')
    return doc


def rentable_candidates(s, base=SIM):
    """Titles a search says can be rented, most-rated first."""
    doc = xml_of(s.get(f'{base}/catalog/title', params={'items_per_page': '50'}, timeout=TIMEOUT), 200, 'search')
    refs = [t.findtext('id') for t in doc.iter('catalog_title') if t.findtext('can_rent') == 'true']
    expect(refs, 'no rentable title in the first page of the catalogue')
    return refs


def queued(s, every, ref):
    doc = xml_of(s.get(every, params={'title_refs': ref, 'expand': 'none'}, timeout=TIMEOUT), 200, 'queue')
    return [item.findtext('id') for item in doc.iter('queue_item')]


def add_to_queue(s, every, base=SIM, auth=None, query_string=False):
    """Adds the first candidate the queue takes; answers (title ref, queue_item href)."""
    for ref in rentable_candidates(s, base):
        if queued(s, every, ref):
            continue
        if query_string:
            res = requests.post(f'{every}?{urlencode({"title_refs": ref})}', auth=auth, timeout=TIMEOUT)
            expect(not res.request.body, f'the body was not empty: {res.request.body!r}')
            expect('oauth_signature=' in res.request.url and 'Authorization' not in res.request.headers, 'OAuth parameters were not in the query')
        else:
            res = s.post(every, data={'title_refs': ref}, timeout=TIMEOUT)
        doc = xml_of(res, 201, 'response')
        created = doc.findall('resources_created/link')
        if not created:
            continue  # in failed_title_refs (e.g. a scenario stock rule): try the next one
        href = created[0].get('href')
        expect(queued(s, every, ref) == [href], f'{ref} is not in the queue after a 201')
        return ref, href
    raise CheckFailed('no candidate title could be queued')


def delete_from_queue(s, every, ref, href, auth=None):
    res = requests.delete(href, auth=auth, timeout=TIMEOUT) if auth else s.delete(href, timeout=TIMEOUT)
    doc = xml_of(res, 200, 'status')
    expect(doc.findtext('status_code') == '200', 'status_code is not 200')
    expect(queued(s, every, ref) == [], f'{ref} is still queued after the DELETE')


def query_string_writes(token, every):
    """Every OAuth parameter in the query string of a POST (and PUT, DELETE) with an empty body."""
    s = user_session(token)
    auth = OAuth1(KEY, SECRET, token[0], token[1], signature_type='query')
    ref, href = add_to_queue(s, every, auth=auth, query_string=True)
    res = requests.put(f'{href}?priority=1', auth=auth, timeout=TIMEOUT)
    expect(not res.request.body, 'the PUT had a body')
    xml_of(res, 200, 'status')
    item = xml_of(s.get(every, params={'title_refs': ref, 'expand': 'none'}, timeout=TIMEOUT), 200, 'queue').find('queue_item')
    expect(item is not None and item.findtext('priority') == '1', 'the PUT in the query string did not change the priority')
    delete_from_queue(s, every, ref, href, auth=auth)


def through_proxy():
    """A client whose base URL is hard-coded goes through the simulator as its HTTP proxy (absolute-form lines)."""
    token = dance_oob_html_form(PROXIED_BASE, proxied=True)
    s = user_session(token, PROXIED_BASE, proxied=True)
    addresses = read_user(s, PROXIED_BASE)
    expect(addresses['every'].startswith(f'{PROXIED_BASE}/users/'), f'every-queue link {addresses["every"]!r} is not under the proxied base')
    ref, href = add_to_queue(s, addresses['every'], PROXIED_BASE)
    expect(href.startswith(PROXIED_BASE), f'queue_item href {href!r}')
    delete_from_queue(s, addresses['every'], ref, href)


def bad_signature(token):
    s = OAuth1Session(KEY, client_secret='not-the-secret', resource_owner_key=token[0], resource_owner_secret=token[1])
    res = s.get(f'{SIM}/users', timeout=TIMEOUT)
    doc = xml_of(res, 401, 'error')
    expect(doc.findtext('reason') == 'Invalid Signature', f'reason {doc.findtext("reason")!r}')
    expect('oauth_problem="signature_invalid"' in res.headers.get('WWW-Authenticate', ''), 'no oauth_problem in WWW-Authenticate')


def main():
    token = check('python: oob dance, subscriber allows on the HTML page', dance_oob_html_form)
    token = check('python: callback dance, authorised via /__admin/oauth/authorize', dance_callback_admin) or token
    s = user_session(token) if token else None

    def after(what, fn):
        """A check that needs an earlier result: it fails (not skips) when that result is missing."""
        def run(*args):
            if any(a is None for a in args):
                raise CheckFailed(f'needs {what}, which an earlier check did not produce')
            return fn(*args)
        return run

    addresses = check('python: signed read GET /users -> user -> queues', after('an access token', read_user), s) or {}
    every = addresses.get('every')
    check('python: signed read of the every-queue', after('the every-queue link', read_queue), s, every)
    added = check('python: signed write, add a title to the queue (form body)', after('the every-queue link', add_to_queue), s, every)
    ref, href = added or (None, None)
    check('python: signed write, delete the queued title', after('an added title', delete_from_queue), s, every, ref, href)
    check('python: POST/PUT/DELETE with every OAuth parameter in the query string, empty body', after('an access token', query_string_writes), token, every)
    check('python: through the simulator as an HTTP proxy (absolute-form), dance, read, write', through_proxy)
    check('python: a wrong consumer secret gets 401 Invalid Signature as XML', after('an access token', bad_signature), token)


if __name__ == '__main__':
    main()
