// Interop client: Java's signpost (Debian liboauth-signpost-java: signpost-core) with HttpURLConnection against
// a running simulator.
//
// Usage (run.sh compiles it in a temporary directory):
//   javac -d /tmp/x -cp /usr/share/java/signpost-core.jar test/interop/java_client.java
//   java -cp /tmp/x:/usr/share/java/signpost-core.jar:/usr/share/java/commons-codec.jar JavaClient <simulator url>
// Prints one line per check, `ok <name>` or `not ok <name>: <why>`, and exits 0 (run.sh counts the lines).
// Only the JDK besides signpost-core and commons-codec (signpost signs with it); every request has a timeout.

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import oauth.signpost.OAuthConsumer;
import oauth.signpost.OAuthProvider;
import oauth.signpost.basic.DefaultOAuthConsumer;
import oauth.signpost.basic.DefaultOAuthProvider;
import oauth.signpost.http.HttpParameters;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

final class JavaClient {
  static final String KEY = "test-consumer-key";
  static final String SECRET = "test-consumer-secret";
  static final String SCHEMA = "http://schemas.lovefilm.com";
  static final int TIMEOUT_MS = 10_000;
  static String sim;

  static final class CheckFailed extends Exception {
    CheckFailed(String why) {
      super(why);
    }
  }

  interface Check<T> {
    T run() throws Exception;
  }

  static void expect(boolean cond, String why) throws CheckFailed {
    if (!cond) throw new CheckFailed(why);
  }

  /** Runs one check; its result feeds later checks, null when it failed. */
  static <T> T check(String name, Check<T> fn) {
    try {
      T out = fn.run();
      System.out.println("ok java: " + name);
      return out;
    } catch (Exception | LinkageError e) {
      String why = (e.getClass().getSimpleName() + ": " + e.getMessage()).replaceAll("\\s+", " ");
      System.out.println("not ok java: " + name + ": " + (why.length() > 400 ? why.substring(0, 400) : why));
      return null;
    } finally {
      System.out.flush();
    }
  }

  static void need(String what, Object... values) throws CheckFailed {
    for (Object v : values) if (v == null) throw new CheckFailed("needs " + what + ", which an earlier check did not produce");
  }

  // ---- HTTP ------------------------------------------------------------------------------------

  static final class Answer {
    final int status;
    final String contentType;
    final String wwwAuthenticate;
    final String body;

    Answer(HttpURLConnection c) throws IOException {
      status = c.getResponseCode();
      contentType = c.getContentType();
      wwwAuthenticate = c.getHeaderField("WWW-Authenticate");
      InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      if (in != null) {
        in.transferTo(out);
        in.close();
      }
      body = out.toString(StandardCharsets.UTF_8);
      c.disconnect();
    }
  }

  static HttpURLConnection open(String method, String url) throws IOException {
    HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
    c.setRequestMethod(method);
    c.setConnectTimeout(TIMEOUT_MS);
    c.setReadTimeout(TIMEOUT_MS);
    c.setInstanceFollowRedirects(false);
    return c;
  }

  /** A signed request with no body: signpost signs the URL's query and puts OAuth in the header. */
  static Answer signed(OAuthConsumer consumer, String method, String url) throws Exception {
    HttpURLConnection c = open(method, url);
    consumer.sign(c);
    return new Answer(c);
  }

  /**
   * A signed form POST. signpost cannot read an HttpURLConnection's body, so the form's parameters are
   * handed to it as additional parameters: signed, but not written anywhere by signpost; the body carries them.
   * The Content-Type is set after signing: signed with it, signpost tries to read the body it cannot reach
   * and fails (a NullPointerException in OAuth.decodeForm).
   */
  static Answer signedForm(OAuthConsumer consumer, String url, Map<String, String> form) throws Exception {
    HttpParameters extra = new HttpParameters();
    StringBuilder body = new StringBuilder();
    for (Map.Entry<String, String> e : form.entrySet()) {
      extra.put(e.getKey(), e.getValue(), true);
      if (body.length() > 0) body.append('&');
      body.append(formEncode(e.getKey())).append('=').append(formEncode(e.getValue()));
    }
    HttpURLConnection c = open("POST", url);
    c.setDoOutput(true);
    consumer.setAdditionalParameters(extra);
    try {
      consumer.sign(c);
    } finally {
      consumer.setAdditionalParameters(new HttpParameters());
    }
    c.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
    try (OutputStream out = c.getOutputStream()) {
      out.write(body.toString().getBytes(StandardCharsets.UTF_8));
    }
    return new Answer(c);
  }

  static String formEncode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  static Element xmlOf(Answer a, int status, String root) throws Exception {
    expect(a.status == status, "status " + a.status + ", wanted " + status + ": " + a.body.substring(0, Math.min(300, a.body.length())));
    expect("application/xml;charset=UTF-8".equals(a.contentType), "Content-Type " + a.contentType);
    Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new java.io.ByteArrayInputStream(a.body.getBytes(StandardCharsets.UTF_8)));
    Element el = doc.getDocumentElement();
    expect(el.getTagName().equals(root), "root <" + el.getTagName() + ">, wanted <" + root + ">");
    return el;
  }

  static List<Element> all(Element el, String name) {
    List<Element> out = new ArrayList<>();
    NodeList list = el.getElementsByTagName(name);
    for (int i = 0; i < list.getLength(); i++) out.add((Element) list.item(i));
    return out;
  }

  static String text(Element el, String child) {
    for (Node n = el.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element && ((Element) n).getTagName().equals(child)) return n.getTextContent();
    }
    return null;
  }

  static Element first(Element el, String child) {
    for (Node n = el.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element && ((Element) n).getTagName().equals(child)) return (Element) n;
    }
    return null;
  }

  static String link(Element doc, String rel) throws CheckFailed {
    for (Element l : all(doc, "link")) if (l.getAttribute("rel").equals(SCHEMA + "/" + rel)) return l.getAttribute("href");
    throw new CheckFailed("no link rel=" + SCHEMA + "/" + rel);
  }

  static List<String> hrefs(Element parent) {
    List<String> out = new ArrayList<>();
    if (parent != null) for (Element l : all(parent, "link")) out.add(l.getAttribute("href"));
    return out;
  }

  // ---- the three-legged dance ------------------------------------------------------------------

  static OAuthConsumer consumer(String secret) {
    return new DefaultOAuthConsumer(KEY, secret);
  }

  /** Request token with oob, the subscriber allowed through POST /__admin/oauth/authorize, access token. */
  static OAuthConsumer dance() throws Exception {
    OAuthConsumer consumer = consumer(SECRET);
    OAuthProvider provider = new DefaultOAuthProvider(sim + "/oauth/request_token", sim + "/oauth/access_token", sim + "/oauth/login");
    String authUrl = provider.retrieveRequestToken(consumer, "oob");
    expect(provider.isOAuth10a(), "oauth_callback_confirmed missing: " + provider.getResponseParameters());
    expect(authUrl.startsWith(sim + "/oauth/login?oauth_token="), "authorization URL " + authUrl);
    expect((sim + "/oauth/login").equals(provider.getResponseParameters().getFirst("login_url", true)),
        "login_url " + provider.getResponseParameters().getFirst("login_url", true));
    HttpURLConnection c = open("POST", sim + "/__admin/oauth/authorize");
    c.setDoOutput(true);
    c.setRequestProperty("Content-Type", "application/json");
    try (OutputStream out = c.getOutputStream()) {
      out.write(("{\"oauth_token\":\"" + consumer.getToken() + "\",\"user\":\"alice\"}").getBytes(StandardCharsets.UTF_8));
    }
    Answer a = new Answer(c);
    expect(a.status == 200, "admin authorize: " + a.status + " " + a.body);
    Matcher m = Pattern.compile("\"verifier\":\"(\\d{6})\"").matcher(a.body);
    expect(m.find(), "no 6-digit verifier in " + a.body);
    provider.retrieveAccessToken(consumer, m.group(1));
    expect(consumer.getToken() != null && consumer.getTokenSecret() != null, "no access token");
    return consumer;
  }

  // ---- signed reads and writes -----------------------------------------------------------------

  /** GET /users, its link to the user, the user's queues, then the every-queue with a query. */
  static String readUser(OAuthConsumer consumer) throws Exception {
    Element current = xmlOf(signed(consumer, "GET", sim + "/users"), 200, "resource");
    String userHref = link(current, "user");
    expect(userHref.startsWith(sim + "/users/"), "user link " + userHref);
    Element user = xmlOf(signed(consumer, "GET", userHref), 200, "user");
    expect(userHref.equals(text(user, "id")), "the user id differs from the link followed");
    String every = link(xmlOf(signed(consumer, "GET", link(user, "queues")), 200, "queues"), "every_queue");
    Element queue = xmlOf(signed(consumer, "GET", every + "?items_per_page=100&expand=none&start_index=1"), 200, "queue");
    expect(String.valueOf(text(queue, "total_results")).matches("\\d+"), "no total_results");
    return every;
  }

  static List<String> queued(OAuthConsumer consumer, String every, String ref) throws Exception {
    Element doc = xmlOf(signed(consumer, "GET", every + "?title_refs=" + formEncode(ref) + "&expand=none"), 200, "queue");
    List<String> ids = new ArrayList<>();
    for (Element item : all(doc, "queue_item")) ids.add(text(item, "id"));
    return ids;
  }

  /** A form body of two refs: a rentable title not yet queued, and one that is no title. Answers {ref, href}. */
  static String[] addWithFailure(OAuthConsumer consumer, String every) throws Exception {
    Element search = xmlOf(signed(consumer, "GET", sim + "/catalog/title?items_per_page=50"), 200, "search");
    String bogus = sim + "/catalog/title/not-a-title";
    for (Element t : all(search, "catalog_title")) {
      if (!"true".equals(text(t, "can_rent"))) continue;
      String ref = text(t, "id");
      if (!queued(consumer, every, ref).isEmpty()) continue;
      Map<String, String> form = new LinkedHashMap<>();
      form.put("title_refs", ref + "," + bogus);
      Element doc = xmlOf(signedForm(consumer, every, form), 201, "response");
      List<String> created = hrefs(first(doc, "resources_created"));
      List<String> failed = hrefs(first(doc, "failed_title_refs"));
      expect(failed.equals(List.of(bogus)), "failed_title_refs " + failed + ", wanted [" + bogus + "]");
      if (created.isEmpty()) continue; // refused for another reason (a scenario stock rule): try the next one
      expect(queued(consumer, every, ref).equals(created), ref + " is not in the queue after a 201");
      return new String[] {ref, created.get(0)};
    }
    throw new CheckFailed("no candidate title could be queued");
  }

  /** HttpURLConnection sends a PUT without output as a request with no body at all. */
  static boolean putPriority(OAuthConsumer consumer, String every, String ref, String href) throws Exception {
    xmlOf(signed(consumer, "PUT", href + "?priority=1"), 200, "status");
    Element doc = xmlOf(signed(consumer, "GET", every + "?title_refs=" + formEncode(ref) + "&expand=none"), 200, "queue");
    List<Element> items = all(doc, "queue_item");
    expect(items.size() == 1 && "1".equals(text(items.get(0), "priority")), "the PUT did not change the priority");
    return true;
  }

  static boolean deleteTitle(OAuthConsumer consumer, String every, String ref, String href) throws Exception {
    Element doc = xmlOf(signed(consumer, "DELETE", href), 200, "status");
    expect("200".equals(text(doc, "status_code")), "status_code is not 200");
    expect(queued(consumer, every, ref).isEmpty(), ref + " is still queued after the DELETE");
    return true;
  }

  /** A consumer with no token: signpost leaves oauth_token out (setSendEmptyTokens is off by default). */
  static boolean twoLeggedSearch() throws Exception {
    String url = sim + "/catalog/title?term=" + formEncode("fireflies garden") + "&items_per_page=5";
    Element doc = xmlOf(signed(consumer(SECRET), "GET", url), 200, "search");
    for (Element t : all(doc, "catalog_title")) {
      Element title = first(t, "title");
      if (title != null && title.getAttribute("full").startsWith("Fireflies in the Garden")) return true;
    }
    throw new CheckFailed("no Fireflies in the Garden in the answer");
  }

  static boolean badSignature(OAuthConsumer good) throws Exception {
    OAuthConsumer wrong = consumer("not-the-secret");
    wrong.setTokenWithSecret(good.getToken(), good.getTokenSecret());
    Answer a = signed(wrong, "GET", sim + "/users");
    expect(a.wwwAuthenticate != null && a.wwwAuthenticate.contains("oauth_problem=\"signature_invalid\""), "WWW-Authenticate " + a.wwwAuthenticate);
    Element doc = xmlOf(a, 401, "error");
    expect("Invalid Signature".equals(text(doc, "reason")), "reason " + text(doc, "reason"));
    return true;
  }

  public static void main(String[] args) {
    sim = args[0].replaceAll("/+$", "");
    OAuthConsumer user = check("oob dance (request token, the admin authorize, access token)", JavaClient::dance);
    String every = check("signed GET with a query (/users -> user -> queues -> every-queue?items_per_page&expand&start_index)", () -> {
      need("an access token", user);
      return readUser(user);
    });
    String[] added = check("POST form body: one title created, one in failed_title_refs", () -> {
      need("the every-queue link", every);
      return addWithFailure(user, every);
    });
    String ref = added == null ? null : added[0];
    String href = added == null ? null : added[1];
    check("PUT with its parameter in the query and an empty body", () -> {
      need("an added title", href);
      return putPriority(user, every, ref, href);
    });
    check("DELETE the queued title", () -> {
      need("an added title", href);
      return deleteTitle(user, every, ref, href);
    });
    check("two-legged catalogue search (consumer key alone)", JavaClient::twoLeggedSearch);
    check("a wrong consumer secret gets 401 Invalid Signature", () -> {
      need("an access token", user);
      return badSignature(user);
    });
  }
}
