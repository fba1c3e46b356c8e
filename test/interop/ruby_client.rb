#!/usr/bin/ruby
# Interop client: Ruby's oauth gem (Debian ruby-oauth) with Net::HTTP against a running simulator.
#
# Usage: ruby test/interop/ruby_client.rb <simulator url>
# Prints one line per check, `ok <name>` or `not ok <name>: <why>`, and exits 0 (run.sh counts the lines).
# Only the standard library besides the gem; every request has a timeout.
require 'json'
require 'net/http'
require 'oauth'
require 'rexml/document'
require 'uri'

SIM = ARGV.fetch(0).sub(%r{/+\z}, '')
KEY = 'test-consumer-key'
SECRET = 'test-consumer-secret'
SCHEMA = 'http://schemas.lovefilm.com'
TIMEOUT = 10

class CheckFailed < StandardError; end

def expect(cond, why)
  raise CheckFailed, why unless cond
end

# Runs one check; its result feeds later checks, nil when it failed.
def check(name)
  out = yield
  puts "ok ruby: #{name}"
  out
rescue StandardError => e
  puts "not ok ruby: #{name}: #{e.class}: #{e.message.gsub(/\s+/, ' ')[0, 400]}"
  nil
ensure
  $stdout.flush
end

def need(what, *values)
  raise CheckFailed, "needs #{what}, which an earlier check did not produce" if values.any?(&:nil?)
end

# The gem's consumer. Its default scheme puts the OAuth parameters in the Authorization header.
def consumer(secret = SECRET)
  c = OAuth::Consumer.new(KEY, secret, site: SIM, request_token_path: '/oauth/request_token',
                                       access_token_path: '/oauth/access_token', authorize_path: '/oauth/login')
  c.http.open_timeout = TIMEOUT
  c.http.read_timeout = TIMEOUT
  c
end

def xml_of(res, status, root)
  expect(res.code.to_i == status, "status #{res.code}, wanted #{status}: #{res.body.to_s[0, 300]}")
  expect(res['Content-Type'] == 'application/xml;charset=UTF-8', "Content-Type #{res['Content-Type'].inspect}")
  doc = REXML::Document.new(res.body).root
  expect(doc && doc.name == root, "root <#{doc && doc.name}>, wanted <#{root}>")
  doc
end

def link(doc, rel)
  el = REXML::XPath.first(doc, "//link[@rel='#{SCHEMA}/#{rel}']")
  raise CheckFailed, "no link rel=#{SCHEMA}/#{rel}" unless el
  el.attributes['href']
end

def text(el, path)
  REXML::XPath.first(el, path)&.text
end

def q(value)
  URI.encode_www_form_component(value)
end

# ---- the three-legged dance ---------------------------------------------------------------------

# Request token with oob, the subscriber signs in on the HTML page and reads the 6-digit code, access token.
def dance
  c = consumer
  rt = c.get_request_token(oauth_callback: 'oob')
  expect(rt.params[:oauth_callback_confirmed] == 'true', "oauth_callback_confirmed missing: #{rt.params}")
  login_url = rt.params[:login_url]
  expect(login_url == "#{SIM}/oauth/login", "login_url #{login_url.inspect}")
  http = Net::HTTP.new(URI(SIM).host, URI(SIM).port)
  http.open_timeout = http.read_timeout = TIMEOUT
  page = http.get("/oauth/login?oauth_token=#{q(rt.token)}")
  expect(page.code == '200' && page.body.include?('name="password"'), "sign-in page: #{page.code}")
  form_token = page.body[/name="form_token" value="([^"]+)"/, 1]
  expect(form_token, 'no form_token on the sign-in page')
  allowed = http.post('/oauth/login', URI.encode_www_form(oauth_token: rt.token, form_token: form_token,
                                                          login: 'alice', password: 'alice-password', decision: 'allow'))
  verifier = allowed.body[/id="verifier">(\d{6})</, 1]
  expect(verifier, "no 6-digit verifier on the page: #{allowed.code} #{allowed.body.to_s[0, 200]}")
  at = rt.get_access_token(oauth_verifier: verifier)
  expect(!at.token.empty? && !at.secret.empty?, "access token answer #{at.params}")
  at
end

# ---- signed reads and writes --------------------------------------------------------------------

# GET /users, its link to the user, the user's queues, then the every-queue with a query.
def read_user(at)
  current = xml_of(at.get('/users'), 200, 'resource')
  user_href = link(current, 'user')
  expect(user_href.start_with?("#{SIM}/users/"), "user link #{user_href.inspect}")
  user = xml_of(at.get(user_href), 200, 'user')
  expect(text(user, 'id') == user_href, 'the user id differs from the link followed')
  every = link(xml_of(at.get(link(user, 'queues')), 200, 'queues'), 'every_queue')
  queue = xml_of(at.get("#{every}?items_per_page=100&expand=none&start_index=1"), 200, 'queue')
  expect(text(queue, 'total_results').to_s.match?(/\A\d+\z/), 'no total_results')
  every
end

def queued(at, every, ref)
  doc = xml_of(at.get("#{every}?title_refs=#{q(ref)}&expand=none"), 200, 'queue')
  REXML::XPath.match(doc, '//queue_item/id').map(&:text)
end

# A form body of two refs: a rentable title not yet queued, and one that is no title. Answers (ref, href).
def add_with_failure(at, every)
  search = xml_of(at.get('/catalog/title?items_per_page=50'), 200, 'search')
  refs = REXML::XPath.match(search, '//catalog_title').select { |t| text(t, 'can_rent') == 'true' }.map { |t| text(t, 'id') }
  expect(!refs.empty?, 'no rentable title on the first page')
  bogus = "#{SIM}/catalog/title/not-a-title"
  refs.each do |ref|
    next unless queued(at, every, ref).empty?

    doc = xml_of(at.post(every, { 'title_refs' => "#{ref},#{bogus}" }), 201, 'response')
    created = REXML::XPath.match(doc, 'resources_created/link').map { |l| l.attributes['href'] }
    failed = REXML::XPath.match(doc, 'failed_title_refs/link').map { |l| l.attributes['href'] }
    expect(failed == [bogus], "failed_title_refs #{failed.inspect}, wanted [#{bogus}]")
    next if created.empty? # refused for another reason (a scenario stock rule): try the next one

    expect(queued(at, every, ref) == created, "#{ref} is not in the queue after a 201")
    return [ref, created[0]]
  end
  raise CheckFailed, 'no candidate title could be queued'
end

# The gem sends an empty body with Content-Length: 0 (and an oauth_body_hash of the empty body).
def put_priority(at, every, ref, href)
  xml_of(at.put("#{href}?priority=1"), 200, 'status')
  item = REXML::XPath.first(xml_of(at.get("#{every}?title_refs=#{q(ref)}&expand=none"), 200, 'queue'), '//queue_item')
  expect(item && text(item, 'priority') == '1', 'the PUT did not change the priority')
  true
end

def delete_title(at, every, ref, href)
  doc = xml_of(at.delete(href), 200, 'status')
  expect(text(doc, 'status_code') == '200', 'status_code is not 200')
  expect(queued(at, every, ref).empty?, "#{ref} is still queued after the DELETE")
  true
end

# Signed with the consumer alone: the gem leaves out oauth_token when there is no token.
def two_legged_search
  res = consumer.request(:get, "/catalog/title?term=#{q('fireflies garden')}&items_per_page=5")
  doc = xml_of(res, 200, 'search')
  titles = REXML::XPath.match(doc, '//catalog_title/title').map { |t| t.attributes['full'] }
  expect(titles.any? { |t| t.to_s.start_with?('Fireflies in the Garden') }, "titles #{titles.inspect}")
  true
end

def bad_signature(at)
  wrong = OAuth::AccessToken.new(consumer('not-the-secret'), at.token, at.secret)
  res = wrong.get('/users')
  raise CheckFailed, 'a wrong secret was accepted' if res.code == '200'

  doc = xml_of(res, 401, 'error')
  expect(text(doc, 'reason') == 'Invalid Signature', "reason #{text(doc, 'reason').inspect}")
  true
rescue OAuth::Problem => e
  # The gem raises on a WWW-Authenticate carrying oauth_problem: that is the 401 this check wants.
  expect(e.problem == 'signature_invalid', "oauth_problem #{e.problem}")
  res = e.request
  doc = xml_of(res, 401, 'error')
  expect(text(doc, 'reason') == 'Invalid Signature', "reason #{text(doc, 'reason').inspect}")
  true
end

at = check('oob dance (request token, the sign-in page, access token)') { dance }
every = check('signed GET with a query (/users -> user -> queues -> every-queue?items_per_page&expand&start_index)') do
  need('an access token', at)
  read_user(at)
end
added = check('POST form body: one title created, one in failed_title_refs') do
  need('the every-queue link', every)
  add_with_failure(at, every)
end
ref, href = added
check('PUT with its parameter in the query and an empty body') do
  need('an added title', href)
  put_priority(at, every, ref, href)
end
check('DELETE the queued title') do
  need('an added title', href)
  delete_title(at, every, ref, href)
end
check('two-legged catalogue search (consumer key alone)') { two_legged_search }
check('a wrong consumer secret gets 401 Invalid Signature') do
  need('an access token', at)
  bad_signature(at)
end
exit 0
