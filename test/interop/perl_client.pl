#!/usr/bin/perl
# Interop client: Perl's Net::OAuth (Debian libnet-oauth-perl) with LWP (libwww-perl) against a running simulator.
#
# Usage: perl test/interop/perl_client.pl <simulator url>
# Prints one line per check, `ok <name>` or `not ok <name>: <why>`, and exits 0 (run.sh counts the lines).
# Only core modules besides those two packages, so a clean Debian with them installed runs it.
use strict;
use warnings;
use Digest::SHA qw(sha1_hex);
use Encode qw(decode);
use HTTP::Request;
use JSON::PP;
use LWP::UserAgent;
use Net::OAuth;
use URI;
use URI::Escape qw(uri_escape_utf8);

$Net::OAuth::PROTOCOL_VERSION = Net::OAuth::PROTOCOL_VERSION_1_0A;

my $SIM = shift @ARGV or die "usage: perl_client.pl <simulator url>\n";
$SIM =~ s{/+$}{};
my ($KEY, $SECRET) = ('test-consumer-key', 'test-consumer-secret');
my $SCHEMA = 'http://schemas.lovefilm.com';
# A base URL hard-coded in a client, reached through the simulator as an HTTP proxy (docs/reference/wire-format.md#addresses-and-ids).
my $PROXIED_BASE = 'http://api.lovefilm.example';

my $ua = LWP::UserAgent->new(timeout => 10, env_proxy => 0);
$ua->requests_redirectable([]);    # a redirect is an answer to read, not to follow
my $proxied = LWP::UserAgent->new(timeout => 10, env_proxy => 0);
$proxied->requests_redirectable([]);
$proxied->proxy('http', "$SIM/");

# ---- helpers ------------------------------------------------------------------------------------

sub check {
    my ($name, $code) = @_;
    my @out = eval { $code->() };
    if ($@) {
        (my $why = "$@") =~ s/\s+/ /g;
        print "not ok $name: ", substr($why, 0, 400), "\n";
        return;
    }
    print "ok $name\n";
    return wantarray ? @out : $out[0];
}

sub nonce { sha1_hex(rand() . $$ . time) }

# A signed Net::OAuth message for $method $url (query parameters go into extra_params, as Net::OAuth wants).
sub oauth_request {
    my ($type, $method, $url, %args) = @_;
    my $uri = URI->new($url);
    my %query = $uri->query_form;
    my $req = Net::OAuth->request($type)->new(
        consumer_key => $KEY, consumer_secret => $SECRET, request_url => $url, request_method => $method,
        signature_method => 'HMAC-SHA1', timestamp => time, nonce => nonce(),
        %args, extra_params => { %query, %{ $args{extra_params} || {} } },
    );
    $req->sign;
    return $req;
}

# Sends a signed request: OAuth in the Authorization header (form parameters in the body), or every
# parameter in the query string with an empty body.
sub send_signed {
    my ($agent, $type, $method, $url, %o) = @_;
    my $form = delete $o{form} || {};
    my $in_query = delete $o{in_query};
    my $oauth = oauth_request($type, $method, $url, %o, extra_params => $form);
    my $http;
    if ($in_query) {
        $http = HTTP::Request->new($method => $oauth->to_url);
        $http->header('Content-Length' => 0);
    } else {
        $http = HTTP::Request->new($method => $url);
        $http->header(Authorization => $oauth->to_authorization_header);
        if (%$form) {
            $http->header('Content-Type' => 'application/x-www-form-urlencoded');
            $http->content(join '&', map { uri_escape_utf8($_) . '=' . uri_escape_utf8($form->{$_}) } sort keys %$form);
        }
    }
    return $agent->request($http);
}

sub expect_status {
    my ($res, $status) = @_;
    die sprintf("%s %s: status %s, wanted %s: %s\n", $res->request->method, $res->request->uri, $res->code, $status, substr($res->decoded_content // '', 0, 300))
        unless $res->code == $status;
}

sub expect_xml {
    my ($res, $status, $root) = @_;
    expect_status($res, $status);
    my $type = $res->header('Content-Type') // '';
    die "Content-Type $type\n" unless $type eq 'application/xml;charset=UTF-8';
    # The raw bytes: decoded_content rewrites the XML declaration (it drops the encoding it decoded).
    my $body = decode('UTF-8', $res->content, Encode::FB_CROAK);
    die "not an XML document with root <$root>: " . substr($body, 0, 200) . "\n" unless $body =~ /^<\?xml version="1\.0" encoding="utf-8" standalone="yes"\?><$root[\s>\/]/;
    return $body;
}

sub link_href {
    my ($xml, $rel) = @_;
    $xml =~ m{<link href="([^"]+)" rel="\Q$SCHEMA/$rel\E"} or die "no link rel=$SCHEMA/$rel\n";
    (my $href = $1) =~ s/&amp;/&/g;
    return $href;
}

sub form_answer {
    my ($res) = @_;
    expect_status($res, 200);
    my $type = $res->header('Content-Type') // '';
    die "Content-Type $type\n" unless $type =~ m{^application/x-www-form-urlencoded};
    return $res->decoded_content;
}

# ---- the three-legged dance ---------------------------------------------------------------------

# Request token (header), subscriber allows via the admin route (JSON) or the HTML form, access token.
sub dance {
    my (%o) = @_;
    my $agent = $o{agent} || $ua;
    my $base = $o{base} || $SIM;
    my $res = send_signed($agent, 'request token', 'POST', "$base/oauth/request_token", callback => $o{callback});
    my $rt = Net::OAuth->response('request token')->from_post_body(form_answer($res));
    die "oauth_callback_confirmed is not true\n" unless ($rt->callback_confirmed // '') eq 'true';
    my $login_url = $rt->extra_params->{login_url} // '';
    die "login_url $login_url\n" unless $login_url eq "$base/oauth/login";
    my $verifier;
    if ($o{html_form}) {
        # The subscriber's browser: the page, then its sign-in form (with the page's own form token, README:
        # Security), which answers with a 302 to the client's callback.
        my $page = $agent->get("$login_url?oauth_token=" . $rt->token);
        expect_status($page, 200);
        my ($form_token) = $page->decoded_content =~ /name="form_token" value="([^"]+)"/ or die "no form_token on the sign-in page\n";
        my $allow = $agent->post($login_url, { oauth_token => $rt->token, form_token => $form_token, login => 'alice', password => 'alice-password', decision => 'allow' });
        expect_status($allow, 302);
        my $to = URI->new($allow->header('Location'));
        my %q = $to->query_form;
        die "redirect to $to\n" unless $to =~ m{^http://client\.example/back\?} && ($q{state} // '') eq 'xyz' && ($q{oauth_token} // '') eq $rt->token;
        $verifier = $q{oauth_verifier};
    } else {
        my $auth = $ua->post("$SIM/__admin/oauth/authorize", 'Content-Type' => 'application/json',
            Content => encode_json({ oauth_token => $rt->token, user => 'alice' }));
        expect_status($auth, 200);
        $verifier = decode_json($auth->decoded_content)->{verifier};
    }
    die "no 6-digit verifier\n" unless ($verifier // '') =~ /^\d{6}$/;
    my $ares = send_signed($agent, 'access token', 'POST', "$base/oauth/access_token",
        token => $rt->token, token_secret => $rt->token_secret, verifier => $verifier);
    my $at = Net::OAuth->response('access token')->from_post_body(form_answer($ares));
    die "no access token\n" unless $at->token && $at->token_secret;
    return { token => $at->token, token_secret => $at->token_secret };
}

# ---- signed reads and writes --------------------------------------------------------------------

sub resource {
    my ($agent, $token, $method, $url, %o) = @_;
    return send_signed($agent, 'protected resource', $method, $url, token => $token->{token}, token_secret => $token->{token_secret}, %o);
}

sub read_user {
    my ($agent, $token, $base) = @_;
    my $current = expect_xml(resource($agent, $token, 'GET', "$base/users"), 200, 'resource');
    my $user_href = link_href($current, 'user');
    die "user link $user_href is not under $base\n" unless index($user_href, "$base/users/") == 0;
    my $user = expect_xml(resource($agent, $token, 'GET', $user_href), 200, 'user');
    die "the user id differs from the link followed\n" unless $user =~ m{<id>\Q$user_href\E</id>};
    my $queues = expect_xml(resource($agent, $token, 'GET', link_href($user, 'queues')), 200, 'queues');
    return link_href($queues, 'every_queue');
}

sub queued_ids {
    my ($agent, $token, $every, $ref) = @_;
    my $xml = expect_xml(resource($agent, $token, 'GET', "$every?expand=none&title_refs=" . uri_escape_utf8($ref)), 200, 'queue');
    return $xml =~ m{<queue_item><id>([^<]+)</id>}g;
}

# Adds the first rentable title the queue takes; answers (ref, queue_item href).
sub add_title {
    my ($agent, $token, $base, $every, %o) = @_;
    my $search = expect_xml(resource($agent, $token, 'GET', "$base/catalog/title?items_per_page=50"), 200, 'search');
    my @refs;
    while ($search =~ m{<catalog_title>(.*?)</catalog_title>}gs) {
        my $t = $1;
        push @refs, $1 if $t =~ m{<can_rent>true</can_rent>} && $t =~ m{<id>([^<]+)</id>};
    }
    die "no rentable title on the first page\n" unless @refs;
    for my $ref (@refs) {
        next if queued_ids($agent, $token, $every, $ref);
        my $res = resource($agent, $token, 'POST', $every, form => { title_refs => $ref }, in_query => $o{in_query});
        if ($o{in_query}) {
            die "the POST had a body\n" if length($res->request->content // '');
            die "OAuth parameters were not in the query\n" unless $res->request->uri =~ /oauth_signature=/ && !$res->request->header('Authorization');
        }
        my $xml = expect_xml($res, 201, 'response');
        my ($href) = $xml =~ m{<resources_created><link href="([^"]+)"} or next;
        my @now = queued_ids($agent, $token, $every, $ref);
        die "$ref is not in the queue after a 201\n" unless "@now" eq $href;
        return ($ref, $href);
    }
    die "no candidate title could be queued\n";
}

sub delete_title {
    my ($agent, $token, $every, $ref, $href, %o) = @_;
    my $xml = expect_xml(resource($agent, $token, 'DELETE', $href, in_query => $o{in_query}), 200, 'status');
    die "status_code is not 200\n" unless $xml =~ m{<status_code>200</status_code>};
    die "$ref is still queued after the DELETE\n" if queued_ids($agent, $token, $every, $ref);
    return 1;
}

sub need { my ($what, @values) = @_; die "needs $what, which an earlier check did not produce\n" if grep { !defined } @values; }

# ---- the checks ---------------------------------------------------------------------------------

my $token = check('perl: oob dance, authorised via /__admin/oauth/authorize', sub { dance(callback => 'oob') });
my $token2 = check('perl: callback dance, subscriber allows on the HTML form (302 to the callback)',
    sub { dance(callback => 'http://client.example/back?state=xyz', html_form => 1) });
$token //= $token2;
my $every = check('perl: signed read GET /users -> user -> queues', sub { need('an access token', $token); read_user($ua, $token, $SIM) });
check('perl: signed read of the every-queue', sub {
    need('the every-queue link', $every);
    my $xml = expect_xml(resource($ua, $token, 'GET', "$every?items_per_page=100"), 200, 'queue');
    die "no total_results\n" unless $xml =~ m{<total_results>\d+</total_results>};
});
my @added = check('perl: signed write, add a title to the queue (form body)', sub { need('the every-queue link', $every); add_title($ua, $token, $SIM, $every) });
check('perl: signed write, delete the queued title', sub { need('an added title', $added[1]); delete_title($ua, $token, $every, @added) });
check('perl: POST and DELETE with every OAuth parameter in the query string, empty body', sub {
    need('the every-queue link', $every);
    my @item = add_title($ua, $token, $SIM, $every, in_query => 1);
    delete_title($ua, $token, $every, @item, in_query => 1);
});
check('perl: through the simulator as an HTTP proxy (absolute-form), dance, read, write', sub {
    my $ptoken = dance(callback => 'oob', agent => $proxied, base => $PROXIED_BASE);
    my $pevery = read_user($proxied, $ptoken, $PROXIED_BASE);
    die "every-queue link $pevery is not under $PROXIED_BASE\n" unless index($pevery, "$PROXIED_BASE/users/") == 0;
    my @item = add_title($proxied, $ptoken, $PROXIED_BASE, $pevery);
    delete_title($proxied, $ptoken, $pevery, @item);
});
check('perl: a spoilt signature gets 401 Invalid Signature as XML', sub {
    need('an access token', $token);
    my $res = resource($ua, { %$token, token_secret => 'wrong' }, 'GET', "$SIM/users");
    my $xml = expect_xml($res, 401, 'error');
    die "reason is not Invalid Signature\n" unless $xml =~ m{<reason>Invalid Signature</reason>};
});
exit 0;
