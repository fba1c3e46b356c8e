// Interop client: Go's github.com/mrjones/oauth (Debian golang-github-mrjones-oauth-dev) with net/http
// against a running simulator.
//
// Usage (run.sh builds it in a temporary directory, offline, from Debian's GOPATH):
//
//	GO111MODULE=off GOPATH=/usr/share/gocode go build -o /tmp/x/client test/interop/go_client.go
//	/tmp/x/client <simulator url>
//
// Prints one line per check, `ok <name>` or `not ok <name>: <why>`, and exits 0 (run.sh counts the lines).
// Only the standard library besides the OAuth package; every request has a timeout.
package main

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/mrjones/oauth"
)

const (
	key    = "test-consumer-key"
	secret = "test-consumer-secret"
	schema = "http://schemas.lovefilm.com"
)

var sim string

var plain = &http.Client{
	Timeout: 10 * time.Second,
	// A redirect is an answer to read, not to follow.
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// ---- a loose XML document: what the checks read from an answer ------------------------------------

type node struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Text     string     `xml:",chardata"`
	Children []node     `xml:",any"`
}

func (n node) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// all answers every element named name at any depth under n.
func (n node) all(name string) []node {
	var out []node
	for _, c := range n.Children {
		if c.XMLName.Local == name {
			out = append(out, c)
		}
		out = append(out, c.all(name)...)
	}
	return out
}

func (n node) child(name string) node {
	for _, c := range n.Children {
		if c.XMLName.Local == name {
			return c
		}
	}
	return node{}
}

func (n node) link(rel string) (string, error) {
	for _, l := range n.all("link") {
		if l.attr("rel") == schema+"/"+rel {
			return l.attr("href"), nil
		}
	}
	return "", fmt.Errorf("no link rel=%s/%s", schema, rel)
}

func xmlOf(res *http.Response, err error, status int, root string) (node, error) {
	if err != nil {
		return node{}, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		return node{}, err
	}
	if res.StatusCode != status {
		return node{}, fmt.Errorf("%s %s: status %d, wanted %d: %.300s", res.Request.Method, res.Request.URL, res.StatusCode, status, body)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/xml;charset=UTF-8" {
		return node{}, fmt.Errorf("Content-Type %q", ct)
	}
	var doc node
	if err := xml.Unmarshal(body, &doc); err != nil {
		return node{}, err
	}
	if doc.XMLName.Local != root {
		return node{}, fmt.Errorf("root <%s>, wanted <%s>", doc.XMLName.Local, root)
	}
	return doc, nil
}

// ---- the library ----------------------------------------------------------------------------------

func consumer(consumerSecret string) *oauth.Consumer {
	c := oauth.NewConsumer(key, consumerSecret, oauth.ServiceProvider{
		RequestTokenUrl:   sim + "/oauth/request_token",
		AuthorizeTokenUrl: sim + "/oauth/login",
		AccessTokenUrl:    sim + "/oauth/access_token",
	})
	c.HttpClient = plain
	return c
}

// client signs every request it sends with the token (an empty token: the consumer alone).
func client(c *oauth.Consumer, token *oauth.AccessToken) *http.Client {
	cl, _ := c.MakeHttpClient(token)
	cl.Timeout = 10 * time.Second
	return cl
}

// ---- the three-legged dance -----------------------------------------------------------------------

// Request token with oob, the subscriber allowed through POST /__admin/oauth/authorize, access token.
func dance() (*oauth.AccessToken, error) {
	c := consumer(secret)
	rt, loginURL, err := c.GetRequestTokenAndUrl("oob")
	if err != nil {
		return nil, err
	}
	if !strings.HasPrefix(loginURL, sim+"/oauth/login?oauth_token=") {
		return nil, fmt.Errorf("login URL %q", loginURL)
	}
	body, _ := json.Marshal(map[string]string{"oauth_token": rt.Token, "user": "alice"})
	res, err := plain.Post(sim+"/__admin/oauth/authorize", "application/json", strings.NewReader(string(body)))
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	var answer struct{ Verifier string }
	if err := json.NewDecoder(res.Body).Decode(&answer); err != nil || res.StatusCode != 200 {
		return nil, fmt.Errorf("admin authorize: status %d, %v", res.StatusCode, err)
	}
	if !regexp.MustCompile(`^\d{6}$`).MatchString(answer.Verifier) {
		return nil, fmt.Errorf("verifier %q", answer.Verifier)
	}
	at, err := c.AuthorizeToken(rt, answer.Verifier)
	if err != nil {
		return nil, err
	}
	if at.Token == "" || at.Secret == "" {
		return nil, errors.New("no access token")
	}
	return at, nil
}

// ---- signed reads and writes ----------------------------------------------------------------------

func send(cl *http.Client, req *http.Request, status int, root string) (node, error) {
	res, err := cl.Do(req)
	return xmlOf(res, err, status, root)
}

func get(cl *http.Client, u string, status int, root string) (node, error) {
	req, err := http.NewRequest("GET", u, nil)
	if err != nil {
		return node{}, err
	}
	return send(cl, req, status, root)
}

// GET /users, its link to the user, the user's queues, then the every-queue with a query.
func readUser(cl *http.Client) (string, error) {
	current, err := get(cl, sim+"/users", 200, "resource")
	if err != nil {
		return "", err
	}
	userHref, err := current.link("user")
	if err != nil {
		return "", err
	}
	if !strings.HasPrefix(userHref, sim+"/users/") {
		return "", fmt.Errorf("user link %q", userHref)
	}
	user, err := get(cl, userHref, 200, "user")
	if err != nil {
		return "", err
	}
	if user.child("id").Text != userHref {
		return "", errors.New("the user id differs from the link followed")
	}
	queuesHref, err := user.link("queues")
	if err != nil {
		return "", err
	}
	queues, err := get(cl, queuesHref, 200, "queues")
	if err != nil {
		return "", err
	}
	every, err := queues.link("every_queue")
	if err != nil {
		return "", err
	}
	queue, err := get(cl, every+"?items_per_page=100&expand=none&start_index=1", 200, "queue")
	if err != nil {
		return "", err
	}
	if !regexp.MustCompile(`^\d+$`).MatchString(queue.child("total_results").Text) {
		return "", errors.New("no total_results")
	}
	return every, nil
}

func queued(cl *http.Client, every, ref string) ([]string, error) {
	doc, err := get(cl, every+"?"+url.Values{"title_refs": {ref}, "expand": {"none"}}.Encode(), 200, "queue")
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, item := range doc.all("queue_item") {
		ids = append(ids, item.child("id").Text)
	}
	return ids, nil
}

func hrefs(links []node) []string {
	out := []string{}
	for _, l := range links {
		out = append(out, l.attr("href"))
	}
	return out
}

// A form body of two refs: a rentable title not yet queued, and one that is no title. Answers (ref, href).
func addWithFailure(cl *http.Client, every string) (string, string, error) {
	search, err := get(cl, sim+"/catalog/title?items_per_page=50", 200, "search")
	if err != nil {
		return "", "", err
	}
	bogus := sim + "/catalog/title/not-a-title"
	for _, t := range search.all("catalog_title") {
		if t.child("can_rent").Text != "true" {
			continue
		}
		ref := t.child("id").Text
		if ids, err := queued(cl, every, ref); err != nil || len(ids) > 0 {
			if err != nil {
				return "", "", err
			}
			continue
		}
		// PostForm: the library signs the form body because its Content-Type is form-urlencoded.
		res, err := cl.PostForm(every, url.Values{"title_refs": {ref + "," + bogus}})
		doc, err := xmlOf(res, err, 201, "response")
		if err != nil {
			return "", "", err
		}
		created := hrefs(doc.child("resources_created").all("link"))
		failed := hrefs(doc.child("failed_title_refs").all("link"))
		if len(failed) != 1 || failed[0] != bogus {
			return "", "", fmt.Errorf("failed_title_refs %q, wanted [%s]", failed, bogus)
		}
		if len(created) == 0 {
			continue // refused for another reason (a scenario stock rule): try the next one
		}
		if ids, err := queued(cl, every, ref); err != nil || len(ids) != 1 || ids[0] != created[0] {
			return "", "", fmt.Errorf("%s is not in the queue after a 201 (%v)", ref, err)
		}
		return ref, created[0], nil
	}
	return "", "", errors.New("no candidate title could be queued")
}

// A PUT with no body: net/http sends Content-Length: 0 and no Content-Type, so the library signs the query.
func putPriority(cl *http.Client, every, ref, href string) error {
	req, err := http.NewRequest("PUT", href+"?priority=1", nil)
	if err != nil {
		return err
	}
	if _, err := send(cl, req, 200, "status"); err != nil {
		return err
	}
	doc, err := get(cl, every+"?"+url.Values{"title_refs": {ref}, "expand": {"none"}}.Encode(), 200, "queue")
	if err != nil {
		return err
	}
	items := doc.all("queue_item")
	if len(items) != 1 || items[0].child("priority").Text != "1" {
		return errors.New("the PUT did not change the priority")
	}
	return nil
}

func deleteTitle(cl *http.Client, every, ref, href string) error {
	req, err := http.NewRequest("DELETE", href, nil)
	if err != nil {
		return err
	}
	doc, err := send(cl, req, 200, "status")
	if err != nil {
		return err
	}
	if doc.child("status_code").Text != "200" {
		return errors.New("status_code is not 200")
	}
	if ids, err := queued(cl, every, ref); err != nil || len(ids) > 0 {
		return fmt.Errorf("%s is still queued after the DELETE (%v)", ref, err)
	}
	return nil
}

// Signed with the consumer alone: an empty AccessToken leaves oauth_token out.
func twoLeggedSearch() error {
	cl := client(consumer(secret), &oauth.AccessToken{})
	q := url.Values{"term": {"fireflies garden"}, "items_per_page": {"5"}}
	doc, err := get(cl, sim+"/catalog/title?"+q.Encode(), 200, "search")
	if err != nil {
		return err
	}
	for _, t := range doc.all("catalog_title") {
		if strings.HasPrefix(t.child("title").attr("full"), "Fireflies in the Garden") {
			return nil
		}
	}
	return errors.New("no Fireflies in the Garden in the answer")
}

func badSignature(at *oauth.AccessToken) error {
	cl := client(consumer("not-the-secret"), at)
	res, err := cl.Get(sim + "/users")
	if err != nil {
		return err
	}
	if h := res.Header.Get("WWW-Authenticate"); !strings.Contains(h, `oauth_problem="signature_invalid"`) {
		res.Body.Close()
		return fmt.Errorf("WWW-Authenticate %q", h)
	}
	doc, err := xmlOf(res, nil, 401, "error")
	if err != nil {
		return err
	}
	if r := doc.child("reason").Text; r != "Invalid Signature" {
		return fmt.Errorf("reason %q", r)
	}
	return nil
}

// ---- the checks -----------------------------------------------------------------------------------

func check(name string, fn func() error) bool {
	err := fn()
	if err == nil {
		fmt.Printf("ok go: %s\n", name)
		return true
	}
	why := strings.Join(strings.Fields(err.Error()), " ")
	if len(why) > 400 {
		why = why[:400]
	}
	fmt.Printf("not ok go: %s: %s\n", name, why)
	return false
}

func need(what string, ok bool) error {
	if ok {
		return nil
	}
	return fmt.Errorf("needs %s, which an earlier check did not produce", what)
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go_client <simulator url>")
		os.Exit(2)
	}
	sim = strings.TrimRight(os.Args[1], "/")
	var at *oauth.AccessToken
	var cl *http.Client
	var every, ref, href string
	check("oob dance (request token, the admin authorize, access token)", func() (err error) {
		at, err = dance()
		if err == nil {
			cl = client(consumer(secret), at)
		}
		return err
	})
	check("signed GET with a query (/users -> user -> queues -> every-queue?items_per_page&expand&start_index)", func() (err error) {
		if err = need("an access token", cl != nil); err == nil {
			every, err = readUser(cl)
		}
		return err
	})
	check("POST form body: one title created, one in failed_title_refs", func() (err error) {
		if err = need("the every-queue link", every != ""); err == nil {
			ref, href, err = addWithFailure(cl, every)
		}
		return err
	})
	check("PUT with its parameter in the query and an empty body", func() error {
		if err := need("an added title", href != ""); err != nil {
			return err
		}
		return putPriority(cl, every, ref, href)
	})
	check("DELETE the queued title", func() error {
		if err := need("an added title", href != ""); err != nil {
			return err
		}
		return deleteTitle(cl, every, ref, href)
	})
	check("two-legged catalogue search (consumer key alone)", twoLeggedSearch)
	check("a wrong consumer secret gets 401 Invalid Signature", func() error {
		if err := need("an access token", at != nil); err != nil {
			return err
		}
		return badSignature(at)
	})
}
