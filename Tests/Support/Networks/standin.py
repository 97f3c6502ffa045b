#!/usr/bin/env python3
"""HTTPS stand-ins for the networks compose-window posts to, for its tests: atproto's XRPC methods
(the bsky.social entryway and a PDS), Bluesky's video service (standin_video) and a Mastodon
server's apps, OAuth (authorization code with PKCE), accounts, statuses, media, search and revoke,
each answering as docs/servers.md says the servers' own code does (ServersTableTests holds them to
its rows). Replies: Mastodon's in_reply_to_id must name a stored status (404 otherwise, as
Mastodon); a Bluesky record's reply root
and parent must name stored records with their cids (stricter than a PDS, on purpose), and so must a
quote embed's; applyWrites (a post with its threadgate and postgate, all or nothing) and what a
quote or a gate must be are standin_gates'. Mastodon 4.5's quoted_status_id and
quote_approval_policy are checked and answered as standin_status says. Search
(/api/v2/search) finds the server's own statuses by URL, and with resolve=true a post on another
server listed in DIR/remote.json ([{"url": URL, "status": {…}}]), stored then with a local id.
Accounts are searched as standin_people says; look-ups are answered as standin_lookup says;
scheduled statuses are kept and published as standin_scheduled says. One server answers every host
name; it runs inside the test's private network namespace, where /etc/hosts points the networks'
real names at 127.0.0.1 and a test CA is in the trust bundle.

DIR/accounts.json: {"bluesky": {"HANDLE": "APP PASSWORD"}, "mastodon": "USERNAME", "mastodonLimit": N,
"mastodonURLLength": N, "mastodonApiVersion": N, "mastodonBeforeTheLock": BOOL, "mastodonRepeatFails":
BOOL, "mastodonPrivacy": VISIBILITY, "mastodonOldClientScopes": SCOPES, "mastodonWithoutSource": BOOL,
"mastodonIgnoresScheduledAt": BOOL, "blueskyVideoDailyVideos": N, "blueskyVideoDailyBytes": N,
"blueskyVideoMaxBytes": N, "blueskyVideoProcessing": N, "blueskyVideoFails": BOOL,
"blueskyEmailUnconfirmed": BOOL}
(the Mastodon user the browser is signed in as, on every Mastodon host; the servers' post limit, 500
unless given, and URL weight, 23 unless given; their API version, 7 (4.5: quotes) unless given, 0 for
one from before 4.3 (no api_versions, quotes ignored); a server from before Mastodon's idempotency
lock, 4.5 and older; one from 4.6.0 to 4.7.x, where a repeated key gets 500; the account's default
visibility, unlisted unless given; the scopes a token gets, as an older compose-window that asked for
fewer got them; a server from before 3.5, without /source; one that publishes at once what it is
asked to keep for later, as a server without scheduled statuses does; Bluesky's video service, as
standin_video says: an account's daily videos (25) and bytes (10 GB), the largest video (100,000,000
bytes), the getJobStatus polls a job answers before it is done (2), a job that fails, an account
whose email is not confirmed). A status's options are checked by standin_status.
Mastodon's Idempotency-Key as PostStatusService keeps it: recorded only once the status is stored, for
an hour, per account; a repeat while the first request holds the key's lock waits up to 10 s for it,
then gets 503 (before the lock: a second status). Faults: {"method": "clock", "advance": SECONDS}
moves the server's clock on (keys age, refresh grace ends, service tokens expire) at the next
request; {"method": "revokeTokens"} revokes every Mastodon token there is, as a person revoking the
app in the server's settings does; {"method": "expireAccess"} makes every atproto access JWT issued so far expired.
DIR/faults.json (optional, read at each request): a list of {"method": "createRecord", ...}; the
first that matches is taken out and applied, unless its "skip" counts matching requests still to let
through ("method": an XRPC method's last part, or a Mastodon path): "status" and "json" (an answer in its place), "retryAfter", "location" (a
Location header), "drop": "before" (the connection is cut once the request has arrived, before it is handled) or "after" (handled, then cut
before the answer), "announce" (a FIFO in DIR written once the request has arrived), "delay" (seconds before handling; a client that hangs up meanwhile is noted in
"hungUp", and the request handled all the same), "trickle" (the answer sent a byte every so many
seconds, until the client hangs up, noted in "hungUp"), "pad" (the answer's JSON followed by spaces
up to this many bytes); "method": "connect" or "tls" applies to the
next connection (closed before TLS, or shown a certificate no trusted CA signed).
DIR/state.json (written after each request): sessions issued, records kept, requests seen, service
tokens, video jobs ("videoJobs": each upload's bytes kept at its "file", under DIR/video-service)."""
import base64, hashlib, json, os, re, secrets, select, ssl, sys, threading, time, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import standin_gates as gates
import standin_lookup as lookup
import standin_media as media
import standin_people as people
import standin_pages as pages
import standin_scheduled as scheduled
import standin_status
import standin_video as video
import standin_words as words

DIR = sys.argv[1]
PDS = "morel.us-east.host.bsky.network"
LOCK = threading.Lock()
# Signalled when a status request lets its Idempotency-Key go: a repeat waiting for the key wakes then
# (redis_lock retries every 0.1 s until its timeout; waking at the release answers the same, sooner).
KEY_FREED = threading.Condition(LOCK)
STATE = {"sessions": [], "records": [], "requests": [], "apps": [], "grants": [], "tokens": [], "statuses": [],
         "media": [], "blobs": [], "hungUp": [], "scheduled": [], "scheduledKeys": [], "serviceTokens": [],
         "videoJobs": []}
KEY_LIFETIME = 3600
LOCK_WAIT = 10  # seconds a repeat waits for the key's lock (mario-redis-lock's retry_timeout)
REFRESH_GRACE = 2 * 3600  # a rotated refresh token still refreshes this long (the PDS's grace period)
CLOCK = {"offset": 0.0}
PAGE_HOSTS = ("pages.example.org", "news.example.com")  # web pages for link cards (standin_pages)
WORKING = set()  # (account token, Idempotency-Key) of status requests being worked on


def server_time():
    return time.time() + CLOCK["offset"]


def read_json(name, default):
    """The file's JSON, or `default` without one. The tests replace these files whole (rename), so
    a file is never read half-written."""
    try:
        with open(os.path.join(DIR, name)) as file:
            return json.load(file)
    except FileNotFoundError:
        return default


def save_state():
    path = os.path.join(DIR, "state.json")
    with open(path + ".new", "w") as file:
        json.dump(STATE, file, indent=1)
    os.replace(path + ".new", path)


def did_of(handle):
    return "did:plc:" + handle.split(".")[0].ljust(24, "x")[:24]


def check_reply(record):
    """A reply's root and parent strongRefs each name a record stored here with that very cid. A PDS
    stores any refs it is given (the AppView ignores a broken one), so this is stricter on purpose:
    a wrong chain fails the test that made it."""
    reply = record.get("reply")
    if reply is None:
        return
    for name in ("root", "parent"):
        ref = reply.get(name) or {}
        if not any(r["uri"] == ref.get("uri") and r["cid"] == ref.get("cid") for r in STATE["records"]):
            raise Failure(400, "InvalidRequest", "reply.%s is no stored record with that cid" % name)


FAULTS_LOCK = threading.Lock()


def take_fault(method):
    with FAULTS_LOCK:  # two requests at once never take the same fault
        return take_fault_locked(method)


def take_fault_locked(method):
    faults = read_json("faults.json", [])
    for index, fault in enumerate(faults):
        if fault.get("method") == method:
            # "skip": N lets the next N matching requests through untouched (a thread's later post).
            if fault.get("skip", 0) > 0:
                fault["skip"] -= 1
                taken = None
            else:
                del faults[index]
                taken = fault
            path = os.path.join(DIR, "faults.json")
            with open(path + ".new", "w") as file:
                json.dump(faults, file)
            os.replace(path + ".new", path)
            return taken
    return None


class Failure(Exception):
    def __init__(self, status, error, message):
        self.status, self.body = status, {"error": error, "message": message}


class MastodonFailure(Failure):
    def __init__(self, status, message):
        self.status, self.body = status, {"error": message}


class OAuthFailure(Failure):
    def __init__(self, error, description, status=400):
        self.status, self.body = status, {"error": error, "error_description": description}


class Redirect(Exception):
    def __init__(self, location):
        self.location = location


def pkce_s256(verifier):
    digest = hashlib.sha256(verifier.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.handle_request("GET")

    def do_POST(self):
        self.handle_request("POST")

    def do_PUT(self):
        self.handle_request("PUT")

    def do_PATCH(self):
        self.handle_request("PATCH")

    def do_DELETE(self):
        self.handle_request("DELETE")

    def handle_request(self, verb):
        url = urllib.parse.urlsplit(self.path)
        if (self.headers.get("Host") or "").split(":")[0] in PAGE_HOSTS:
            return self.page(verb, url.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        content_type = self.headers.get("Content-Type") or ""
        if content_type.startswith("application/x-www-form-urlencoded"):
            body = dict(urllib.parse.parse_qsl(raw.decode()))
        elif content_type.startswith("multipart/form-data"):
            fields, upload = media.parse_multipart(content_type, raw)
            body = fields | ({"_file": upload} if upload else {})
        elif content_type.startswith(("image/", "video/", "text/vtt")) or (
                self.headers.get("Host") or "").split(":")[0] == video.HOST and content_type != "application/json":
            # uploadBlob's media and captions; the video service takes raw bytes of any declared type.
            body = {"_raw": raw, "_type": content_type}
        else:
            body = json.loads(raw or b"{}")
        method = url.path.rsplit(".", 1)[-1] if url.path.startswith("/xrpc/") else url.path
        clock = take_fault("clock")
        if clock:
            with LOCK:
                CLOCK["offset"] += clock.get("advance", 0)
        if take_fault("expireAccess"):  # every access JWT issued so far is past its 120 minutes
            with LOCK:
                for session in STATE["sessions"]:
                    session["accessExpired"] = True
        gone = take_fault("deleteStatus")  # {"method": "deleteStatus", "url": URL}: its author deleted it
        if gone:
            with LOCK:
                STATE["statuses"] = [s for s in STATE["statuses"] if s["json"].get("url") != gone.get("url")]
        seeded, edit = take_fault("seed"), take_fault("edit")
        user = read_json("accounts.json", {}).get("mastodon")
        with LOCK:
            if seeded:
                lookup.seed(STATE, seeded, self.headers.get("Host"), user, server_time())
            if edit:
                lookup.edit_newest(STATE, edit, user, server_time())
        if take_fault("revokeTokens"):  # revoked elsewhere (another app, the server's settings)
            with LOCK:
                for token in STATE["tokens"]:
                    token["revoked"] = True
        fault = take_fault(method)
        working = None
        if verb == "POST" and url.path == "/api/v1/statuses" and self.headers.get("Idempotency-Key"):
            working = (self.headers.get("Authorization"), self.headers.get("Idempotency-Key"))
            locked = not read_json("accounts.json", {}).get("mastodonBeforeTheLock")
            deadline = time.monotonic() + LOCK_WAIT
            with KEY_FREED:
                busy = working in WORKING
                while busy and locked and time.monotonic() < deadline:
                    KEY_FREED.wait(deadline - time.monotonic())
                    busy = working in WORKING
                if not busy or not locked:
                    WORKING.add(working)
            if busy and locked:
                # The first request with this key held Mastodon's lock past redis_lock's retry time.
                working = None
                fault = {"status": 503, "json": {
                    "error": "There was a temporary problem serving your request, please try again"}}
        try:
            self.handle_with(verb, url, query, body, method, fault)
        finally:
            if working:
                with KEY_FREED:
                    WORKING.discard(working)
                    KEY_FREED.notify_all()

    def page(self, verb, path):
        """A web page for a link card (standin_pages), not an API: noted among the requests."""
        with LOCK:
            STATE["requests"].append({"verb": verb, "host": self.headers.get("Host"), "path": path,
                                      "time": time.monotonic()})
            save_state()
        pages.serve(self, path)

    def handle_with(self, verb, url, query, body, method, fault):
        with LOCK:
            STATE["requests"].append({"verb": verb, "host": self.headers.get("Host"), "path": url.path, "time": time.monotonic(),
                                      "query": query})
            save_state()
        if fault and fault.get("drop") == "before":
            self.close_connection = True
            self.connection.shutdown(2)
            return
        if fault and fault.get("announce"):
            # A test waiting on this FIFO learns the request has arrived (and holds what it holds).
            announce = os.open(os.path.join(DIR, fault["announce"]), os.O_WRONLY | os.O_NONBLOCK)
            os.write(announce, b"arrived\n")
            os.close(announce)
        if fault and fault.get("delay"):
            time.sleep(fault["delay"])
            if self.client_hung_up():  # noted, then handled as a server would: it may not notice
                with LOCK:
                    STATE["hungUp"].append({"path": url.path, "query": query})
                    save_state()
        headers = {}
        if fault and "status" in fault:
            status, answer = fault["status"], fault.get("json", {})
        else:
            try:
                with LOCK:
                    answer = self.answer(verb, url.path, query, body)
                    answer = answer if isinstance(answer, tuple) else (200, answer)
                    status, answer, headers = answer if len(answer) == 3 else answer + ({},)
                    save_state()
            except Failure as failure:
                status, answer = failure.status, failure.body
                with LOCK:  # what was refused, in whose words, for the tests to read
                    STATE.setdefault("refusals", []).append({"path": url.path, "status": status, "answer": answer})
                    save_state()
            except Redirect as redirect:
                self.send_response(302)
                self.send_header("Location", redirect.location)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
        if fault and fault.get("drop") == "after":
            self.close_connection = True
            self.connection.shutdown(2)
            return
        page = isinstance(answer, str)
        data = answer.encode() if page else json.dumps(answer).encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8" if page else "application/json")
        if fault and "retryAfter" in fault:
            self.send_header("Retry-After", str(fault["retryAfter"]))
        if fault and "rateLimitReset" in fault:  # Rack::Attack's headers: no Retry-After
            reset = time.time() + fault["rateLimitReset"]
            self.send_header("X-RateLimit-Limit", "300")
            self.send_header("X-RateLimit-Remaining", "0")
            self.send_header("X-RateLimit-Reset", time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(reset))
                             + ".%06dZ" % int(reset * 1e6 % 1e6))
        if fault and "location" in fault:
            self.send_header("Location", fault["location"])
        for name, value in headers.items():  # e.g. a page's Link
            self.send_header(name, value)
        if fault and "pad" in fault:  # an answer of this many bytes: its JSON, then spaces
            data += b" " * max(0, fault["pad"] - len(data))
        if fault and fault.get("trickle"):  # a byte every "trickle" seconds, until the client hangs up
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            for byte in data:
                try:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                except OSError:
                    return
                if self.client_hung_up():
                    with LOCK:
                        STATE["hungUp"].append({"path": url.path, "query": query})
                        save_state()
                    return
                time.sleep(fault["trickle"])
            return
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def client_hung_up(self):
        """Whether the client closed the connection while its request waited (a cancelled request)."""
        readable, _, _ = select.select([self.connection], [], [], 0)
        if not readable:
            return False
        try:
            return self.connection.recv(1) == b""
        except (ssl.SSLError, OSError):
            return True

    def session_for(self, kind, rotated_too=False):
        """The session a token names, as the PDS's auth verifier finds it: no header 401 AuthMissing;
        a token it did not issue (or ended) 400 InvalidToken; a refresh token rotated more than
        the grace period ago 400 ExpiredToken. `rotated_too`: a rotated one within the grace
        period counts (refreshSession)."""
        if not self.headers.get("Authorization"):
            raise Failure(401, "AuthMissing", "Authentication Required")
        token = (self.headers.get("Authorization") or "").removeprefix("Bearer ")
        for session in STATE["sessions"]:
            if session[kind] != token:
                continue
            if not session["ended"]:
                if kind == "accessJwt" and session.get("accessExpired"):
                    raise Failure(400, "ExpiredToken", "Token has expired")
                return session
            rotated = session.get("rotatedAt") if kind == "refreshJwt" and not session.get("deleted") else None
            if rotated_too and rotated is not None and server_time() - rotated < REFRESH_GRACE:
                return session
            if rotated is not None:
                raise Failure(400, "ExpiredToken", "Token has been revoked")
        raise Failure(400, "InvalidToken", "Token could not be verified")

    def new_session(self, handle):
        session = {"handle": handle, "did": did_of(handle), "accessJwt": "access-" + secrets.token_urlsafe(24),
                   "refreshJwt": "refresh-" + secrets.token_urlsafe(24), "ended": False}
        STATE["sessions"].append(session)
        document = {"id": session["did"], "alsoKnownAs": ["at://" + handle],
                    "service": [{"id": "#atproto_pds", "type": "AtprotoPersonalDataServer",
                                 "serviceEndpoint": "https://" + PDS}]}
        return {key: session[key] for key in ("handle", "did", "accessJwt", "refreshJwt")} | {
            "didDoc": document, "active": True}

    def answer(self, verb, path, query, body):
        if (self.headers.get("Host") or "").split(":")[0] == video.HOST:  # Bluesky's video service
            return video.answer(STATE, verb, path, query, body, self.headers.get("Authorization"), server_time(),
                                read_json("accounts.json", {}), DIR, PDS, Failure)
        accounts = read_json("accounts.json", {}).get("bluesky", {})
        if path == "/xrpc/com.atproto.server.createSession" and verb == "POST":
            handle = body.get("identifier", "").removeprefix("@")
            if accounts.get(handle) is None or accounts[handle] != body.get("password"):
                raise Failure(401, "AuthenticationRequired", "Invalid identifier or password")
            return self.new_session(handle)
        if path == "/xrpc/com.atproto.server.refreshSession" and verb == "POST":
            old = self.session_for("refreshJwt", rotated_too=True)
            old["ended"] = True
            if old.get("rotatedAt") is None:
                old["rotatedAt"] = server_time()
            return self.new_session(old["handle"])
        if path == "/xrpc/com.atproto.server.deleteSession" and verb == "POST":
            # Any refresh token it issued, ended or not: 200 again (deleteSession.ts).
            token = (self.headers.get("Authorization") or "").removeprefix("Bearer ")
            found = [s for s in STATE["sessions"] if s["refreshJwt"] == token]
            if not found:
                self.session_for("refreshJwt")
            for session in found:
                session["ended"] = True
                session["deleted"] = True
            return {}
        if path == "/xrpc/com.atproto.identity.resolveHandle" and verb == "GET":
            if query.get("handle") not in accounts:
                raise Failure(400, "InvalidRequest", "Unable to resolve handle")
            return {"did": did_of(query["handle"])}
        if path == "/xrpc/com.atproto.repo.createRecord" and verb == "POST":
            session = self.session_for("accessJwt")
            if body.get("repo") not in (session["did"], session["handle"]):
                raise Failure(400, "InvalidRequest", "Invalid repo")
            media.check_embed(STATE, session, body.get("record") or {}, Failure)
            check_reply(body.get("record") or {})
            gates.check_record(STATE, session, body.get("collection"), body.get("rkey"), body.get("record"), Failure)
            rkey = body.get("rkey") or secrets.token_hex(7)
            uri = "at://%s/%s/%s" % (session["did"], body.get("collection"), rkey)
            if any(record["uri"] == uri for record in STATE["records"]):
                # The MST refuses a second value at the key with a plain Error: the PDS's 500.
                raise Failure(500, "InternalServerError", "Internal Server Error")
            cid = "bafyrei" + secrets.token_hex(20)
            STATE["records"].append({"uri": uri, "cid": cid, "value": body.get("record"), "body": body})
            return {"uri": uri, "cid": cid, "validationStatus": "valid"}
        if path == "/xrpc/com.atproto.repo.applyWrites" and verb == "POST":
            return gates.apply_writes(STATE, self.session_for("accessJwt"), body, {
                key: did_of(handle) for handle in accounts for key in (handle, did_of(handle))}, check_reply, Failure)
        if path == "/xrpc/com.atproto.repo.getRecord" and verb == "GET":
            repo = query.get("repo")
            did = repo if repo and repo.startswith("did:") else did_of(repo or "")
            uri = "at://%s/%s/%s" % (did, query.get("collection"), query.get("rkey"))
            for record in STATE["records"]:
                if record["uri"] == uri:
                    return {key: record[key] for key in ("uri", "cid", "value")}
            raise Failure(400, "RecordNotFound", "Could not locate record: " + uri)
        if path == "/xrpc/app.bsky.actor.searchActorsTypeahead" and verb == "GET":
            self.session_for("accessJwt")
            return people.bluesky_actors(read_json("people.json", {}), query, Failure)
        if path == "/xrpc/com.atproto.server.getServiceAuth" and verb == "GET":
            return video.service_auth(STATE, lambda: self.session_for("accessJwt"), query, server_time(), Failure)
        if path == "/xrpc/com.atproto.repo.uploadBlob" and verb == "POST":
            return media.upload_blob(STATE, self.session_for("accessJwt"), body, server_time(),
                                     read_json("accounts.json", {}), Failure)
        if not path.startswith("/xrpc/"):
            return self.mastodon(verb, path, query, body)
        raise Failure(404, "MethodNotImplemented", "Method Not Implemented")

    def bearer_token(self, optional=False):
        if optional and not self.headers.get("Authorization"):
            return None
        token = (self.headers.get("Authorization") or "").removeprefix("Bearer ")
        for grant in STATE["tokens"]:
            if grant["token"] == token and not grant["revoked"] and grant["host"] == self.headers.get("Host"):
                return grant
        raise MastodonFailure(401, "The access token is invalid")

    def mastodon(self, verb, path, query, body):
        host = self.headers.get("Host")
        user = read_json("accounts.json", {}).get("mastodon")
        # What is due is published first, as Mastodon's worker would have done at its time.
        scheduled.publish_due(STATE, server_time(), read_json("accounts.json", {}), MastodonFailure)
        media.forget_old_media(STATE, server_time())
        if path.startswith("/api/v1/scheduled_statuses"):
            return scheduled.route(STATE, verb, path, query, body, self.bearer_token, host, server_time(),
                                   MastodonFailure, read_json("accounts.json", {}))
        if path == "/api/v2/media" and verb == "POST":
            return media.upload_media(STATE, self.bearer_token(), host, body, server_time(),
                                      read_json("accounts.json", {}), MastodonFailure)
        match = re.fullmatch(r"/api/v1/media/([^/]+)", path)
        if match and verb == "GET":
            grant = self.bearer_token()
            if not {"write", "write:media"} & set(grant["scope"].split()):
                raise MastodonFailure(403, "This action is outside the authorized scopes")
            return media.show_media(STATE, grant, match.group(1), server_time(), MastodonFailure)
        if path == "/api/v1/apps" and verb == "POST":
            scopes = body.get("scopes", "read")
            if not body.get("client_name") or not body.get("redirect_uris"):
                raise MastodonFailure(422, "Validation failed: Name can't be blank")
            app = {"host": host, "name": body["client_name"], "redirect_uri": body["redirect_uris"],
                   "scopes": scopes, "client_id": secrets.token_urlsafe(16),
                   "client_secret": "client-secret-" + secrets.token_urlsafe(16)}
            STATE["apps"].append(app)
            return {"id": str(len(STATE["apps"])), "name": app["name"], "redirect_uri": app["redirect_uri"],
                    "client_id": app["client_id"], "client_secret": app["client_secret"]}
        if path == "/oauth/authorize":
            app = next((a for a in STATE["apps"] if a["client_id"] == query.get("client_id")), None)
            if app is None or query.get("redirect_uri") != app["redirect_uri"] or query.get("response_type") != "code":
                raise MastodonFailure(400, "The client is not registered, or the redirect URI does not match")
            if not set(query.get("scope", "").split()) <= set(app["scopes"].split()):
                raise MastodonFailure(400, "The requested scope is invalid")
            if verb == "GET":
                return ("<!DOCTYPE html><title>Authorization required</title><form method=post>"
                        "<p>%s would like to use your account @%s</p><button name=decision value=approve>Authorize"
                        "</button><button name=decision value=deny>Deny</button></form>" % (app["name"], user))
            state = urllib.parse.quote(query.get("state", ""))
            if body.get("decision") != "approve":
                raise Redirect(app["redirect_uri"] + "?error=access_denied&error_description=" +
                               urllib.parse.quote("The resource owner or authorization server denied the request.") +
                               "&state=" + state)
            code = secrets.token_urlsafe(24)
            STATE["grants"].append({"code": code, "client_id": app["client_id"], "redirect_uri": app["redirect_uri"],
                                    "challenge": query.get("code_challenge"),
                                    "method": query.get("code_challenge_method"), "scope": query.get("scope"),
                                    "used": False})
            raise Redirect(app["redirect_uri"] + "?code=" + code + "&state=" + state)
        if path == "/oauth/token" and verb == "POST":
            app = next((a for a in STATE["apps"] if a["client_id"] == body.get("client_id")), None)
            grant = next((g for g in STATE["grants"] if g["code"] == body.get("code")), None)
            if app is None or app["client_secret"] != body.get("client_secret"):
                raise OAuthFailure("invalid_client", "Client authentication failed due to unknown client, no client "
                                   "authentication included, or unsupported authentication method.", 401)
            if (grant is None or grant["used"]
                    or grant["client_id"] != app["client_id"] or grant["redirect_uri"] != body.get("redirect_uri")
                    or grant["method"] != "S256" or pkce_s256(body.get("code_verifier", "")) != grant["challenge"]):
                raise OAuthFailure("invalid_grant", "The provided authorization grant is invalid, expired, revoked,"
                                   " does not match the redirection URI used in the authorization request, or was"
                                   " issued to another client.")
            grant["used"] = True
            # A token as an older compose-window got it, which asked for fewer scopes.
            scope = read_json("accounts.json", {}).get("mastodonOldClientScopes") or grant["scope"]
            token = {"host": host, "token": "mastodon-token-" + secrets.token_urlsafe(24), "username": user,
                     "client_id": app["client_id"], "scope": scope, "revoked": False}
            STATE["tokens"].append(token)
            return {"access_token": token["token"], "token_type": "Bearer", "scope": token["scope"],
                    "created_at": int(time.time())}
        if path == "/oauth/revoke" and verb == "POST":
            app = next((a for a in STATE["apps"] if a["client_id"] == body.get("client_id")), None)
            if app is None or app["client_secret"] != body.get("client_secret"):
                raise OAuthFailure("unauthorized_client", "You are not authorized to revoke this token", 403)
            for token in STATE["tokens"]:
                if token["token"] == body.get("token") and token["client_id"] == app["client_id"]:
                    token["revoked"] = True
            return {}
        if path == "/api/v1/accounts/verify_credentials" and verb == "GET":
            grant = self.bearer_token()
            if not {"profile", "read", "read:accounts"} & set(grant["scope"].split()):
                raise MastodonFailure(403, "This action is outside the authorized scopes")
            return {"id": "1", "username": grant["username"], "acct": grant["username"],
                    "display_name": grant["username"].title(),
                    "source": {"privacy": read_json("accounts.json", {}).get("mastodonPrivacy", "unlisted"),
                               "quote_policy": read_json("accounts.json", {}).get("mastodonQuotePolicy", "public"),
                               "language": "en"}}
        if path == "/api/v2/instance" and verb == "GET":
            accounts = read_json("accounts.json", {})
            if standin_status.api_version(accounts) < 0:  # before 4.0: the catch-all route's 404
                raise MastodonFailure(404, "Not Found")
            limit, url_length = accounts.get("mastodonLimit", 500), accounts.get("mastodonURLLength", 23)
            return {"domain": host, "title": "Mastodon",
                    "configuration": {"statuses": {"max_characters": limit, "max_media_attachments": 4,
                                                   "characters_reserved_per_url": url_length},
                                      "media_attachments": media.configuration(accounts)},
                    **standin_status.instance_version(accounts)}  # version, api_versions
        if path == "/api/v1/statuses" and verb == "POST":
            grant = self.bearer_token()
            if "write:statuses" not in grant["scope"].split() and "write" not in grant["scope"].split():
                raise MastodonFailure(403, "This action is outside the authorized scopes")
            # 4.5's quote and policy are before_actions: checked before the key is looked at.
            quote = standin_status.check_quote(STATE, host, grant["username"], body, read_json("accounts.json", {}),
                                               MastodonFailure)
            key = self.headers.get("Idempotency-Key")
            for status in STATE["statuses"]:
                # Mastodon answers a repeated Idempotency-Key with the status it made the first time,
                # for an hour after it made it.
                if (key and status["key"] == key and status["account"] == grant["username"]
                        and status.get("host") == host
                        and server_time() - status["stored"] < KEY_LIFETIME):
                    if read_json("accounts.json", {}).get("mastodonRepeatFails"):
                        # 4.6.0 to 4.7.x: the duplicate is found, then postprocess_status! fails on
                        # it (mastodon#40399, fixed by #40439): Rails' own 500, nothing made.
                        return 500, {"status": 500, "error": "Internal Server Error"}
                    return status["json"]
            # A key kept for a scheduled status: its id is looked up among statuses, 404.
            scheduled.repeat(STATE, key, grant["username"], host, server_time(), KEY_LIFETIME, MastodonFailure,
                             read_json("accounts.json", {}))
            text = body.get("status") or ""
            parent = body.get("in_reply_to_id")
            # As PostStatusService: a reply to a status the server does not have is not found. A
            # status id is its server's own: another server's id names nothing here.
            if parent is not None and not any(s["json"]["id"] == parent and s.get("host") == host
                                              for s in STATE["statuses"]):
                raise MastodonFailure(404, words.say(read_json("accounts.json", {}),
                                                     "statuses.errors.in_reply_not_found"))
            attached = media.attach(STATE, grant, body.get("media_ids") or [], server_time(), MastodonFailure)
            at = scheduled.post_time(body, server_time(), MastodonFailure)  # None: posted now
            # A server that does not know scheduled_at (Mastodon before 2.7.0, or another kind of
            # server) takes the rest of the body and publishes the post at once.
            if read_json("accounts.json", {}).get("mastodonIgnoresScheduledAt"):
                at = None
            if at is not None:
                return scheduled.schedule(STATE, grant, host, body, at, attached, key, server_time(),
                                          read_json("accounts.json", {}), MastodonFailure)
            if not text.strip() and not attached and not quote["quoted"]:  # a quote may have no text
                raise MastodonFailure(422, "Validation failed: Text can't be blank")
            accounts = read_json("accounts.json", {})
            limit, url_length = accounts.get("mastodonLimit", 500), accounts.get("mastodonURLLength", 23)
            # As StatusLengthValidator counts: the content warning with the text, each URL as
            # characters_reserved_per_url "x"s.
            options = standin_status.check_options(body, text, limit, url_length, MastodonFailure, accounts)
            made = standin_status.store(STATE, host, grant["username"], text, options, parent, attached, key,
                                        server_time(), accounts.get("mastodonPrivacy", "unlisted"), quote)
            STATE["statuses"][-1]["body"] = body  # the request as it came, for the tests to compare
            return made
        if path == "/api/v1/accounts/search" and verb == "GET":
            grant = self.bearer_token()
            if not {"read:accounts", "read"} & set(grant["scope"].split()):
                raise MastodonFailure(403, "This action is outside the authorized scopes")
            return people.mastodon_accounts(read_json("people.json", {}), query, MastodonFailure)
        if path == "/api/v2/search" and verb == "GET":
            grant = self.bearer_token(optional=True)  # authorize_if_got_token!
            if grant and not {"read:search", "read"} & set(grant["scope"].split()):
                raise MastodonFailure(403, "This action is outside the authorized scopes")
            if not query.get("q"):
                raise MastodonFailure(400, "param is missing or the value is empty or invalid: q")
            if grant is None and query.get("resolve") == "true":
                raise MastodonFailure(401, "Search queries that resolve remote resources are not supported without "
                                      "authentication")
            wanted = query.get("q", "")
            found = [s["json"] for s in STATE["statuses"]
                     if wanted in (s["json"]["url"], s["json"]["uri"]) and s.get("host") == host]
            if not found and query.get("resolve") == "true":
                # A post on another server, fetched now: it gets a local id, as Mastodon gives it.
                for remote in read_json("remote.json", []):
                    if remote["url"] == wanted:
                        number = str(110000000000000000 + len(STATE["statuses"]) + 1)
                        json_status = dict(remote["status"], id=number, url=remote["url"], uri=remote["url"])
                        STATE["statuses"].append({"key": None, "account": json_status["account"]["acct"],
                                                  "text": "", "json": json_status, "in_reply_to_id": None,
                                                  "stored": server_time(), "media": [], "host": host})
                        found = [json_status]
            return {"accounts": [], "statuses": found[:1], "hashtags": []}
        match = re.fullmatch(r"/api/v1/accounts/([^/]+)/statuses", path)
        if match and verb == "GET":
            return lookup.account_statuses(STATE, self.bearer_token(optional=True), user, match.group(1), query,
                                           MastodonFailure, host=host)
        match = re.fullmatch(r"/api/v1/statuses/([^/]+)/source", path)
        if match and verb == "GET":
            return lookup.status_source(STATE, self.bearer_token(optional=True), match.group(1),
                                        read_json("accounts.json", {}), MastodonFailure, host=host)
        raise MastodonFailure(404, "Record not found")


class TLSServer(ThreadingHTTPServer):
    """TLS on each accepted connection; a fault {"method": "connect"} closes the next one before
    the handshake, so that no request can have left the client; {"method": "tls"} shows the next
    one a certificate no trusted CA signed."""

    def get_request(self):
        connection, address = self.socket.accept()
        if take_fault("connect"):
            connection.close()
            raise OSError("connection closed by a fault")
        chosen = stranger if take_fault("tls") else context
        return chosen.wrap_socket(connection, server_side=True), address


def tls_context(name):
    made = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    made.load_cert_chain(os.path.join(DIR, name + ".pem"), os.path.join(DIR, name + ".key"))
    return made


context, stranger = tls_context("server"), tls_context("stranger")
server = TLSServer(("127.0.0.1", 443), Handler)
# The page hosts answer plain http too, as most of the web still does.
plain = ThreadingHTTPServer(("127.0.0.1", 80), Handler)
threading.Thread(target=plain.serve_forever, daemon=True).start()
# The web pages' hosts answer on the sandbox's public address too (sandbox.sh): the app fetches a
# link card's page from the public internet only.
if os.environ.get("PUBLIC_ADDRESS"):
    for public in (TLSServer((os.environ["PUBLIC_ADDRESS"], 443), Handler),
                   ThreadingHTTPServer((os.environ["PUBLIC_ADDRESS"], 80), Handler)):
        threading.Thread(target=public.serve_forever, daemon=True).start()
save_state()
print("listening", flush=True)
server.serve_forever()
