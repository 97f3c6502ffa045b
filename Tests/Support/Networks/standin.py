#!/usr/bin/env python3
"""HTTPS stand-ins for the networks compose-window posts to, for its tests: atproto's XRPC methods
(the bsky.social entryway and a PDS) as the atproto lexicons document them. One server answers every
host name; it runs inside the test's private network namespace, where /etc/hosts points the
networks' real names at 127.0.0.1 and a test CA is in the trust bundle.

DIR/accounts.json: {"bluesky": {"HANDLE": "APP PASSWORD"}}.
DIR/faults.json (optional, read at each request): a list of {"method": "createRecord", ...}; the
first that matches is taken out and applied: "status" and "json" (an answer in its place), "retryAfter",
"drop": "before" (the connection is cut before the request is handled) or "after" (handled, then cut
before the answer), "delay" (seconds before handling).
DIR/state.json (written after each request): sessions issued, records kept, requests seen."""
import json, os, secrets, ssl, sys, threading, time, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DIR = sys.argv[1]
PDS = "morel.us-east.host.bsky.network"
LOCK = threading.Lock()
STATE = {"sessions": [], "records": [], "requests": []}


def read_json(name, default):
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


def take_fault(method):
    faults = read_json("faults.json", [])
    for index, fault in enumerate(faults):
        if fault.get("method") == method:
            del faults[index]
            with open(os.path.join(DIR, "faults.json"), "w") as file:
                json.dump(faults, file)
            return fault
    return None


class Failure(Exception):
    def __init__(self, status, error, message):
        self.status, self.body = status, {"error": error, "message": message}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.handle_xrpc("GET")

    def do_POST(self):
        self.handle_xrpc("POST")

    def handle_xrpc(self, verb):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        method = url.path.rsplit(".", 1)[-1]
        fault = take_fault(method)
        with LOCK:
            STATE["requests"].append({"verb": verb, "host": self.headers.get("Host"), "path": url.path,
                                      "query": query})
            save_state()
        if fault and fault.get("drop") == "before":
            self.close_connection = True
            self.connection.shutdown(2)
            return
        if fault and fault.get("delay"):
            time.sleep(fault["delay"])
        if fault and "status" in fault:
            status, answer = fault["status"], fault.get("json", {})
        else:
            try:
                with LOCK:
                    status, answer = 200, self.answer(verb, url.path, query, json.loads(body or b"{}"))
                    save_state()
            except Failure as failure:
                status, answer = failure.status, failure.body
        if fault and fault.get("drop") == "after":
            self.close_connection = True
            self.connection.shutdown(2)
            return
        data = json.dumps(answer).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        if fault and "retryAfter" in fault:
            self.send_header("Retry-After", str(fault["retryAfter"]))
        self.end_headers()
        self.wfile.write(data)

    def session_for(self, kind):
        token = (self.headers.get("Authorization") or "").removeprefix("Bearer ")
        for session in STATE["sessions"]:
            if session[kind] == token and not session["ended"]:
                return session
        raise Failure(400 if kind == "refreshJwt" else 401, "ExpiredToken" if kind == "refreshJwt" else
                      "AuthenticationRequired", "Token could not be verified")

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
        accounts = read_json("accounts.json", {}).get("bluesky", {})
        if path == "/xrpc/com.atproto.server.createSession" and verb == "POST":
            handle = body.get("identifier", "").removeprefix("@")
            if accounts.get(handle) is None or accounts[handle] != body.get("password"):
                raise Failure(401, "AuthenticationRequired", "Invalid identifier or password")
            return self.new_session(handle)
        if path == "/xrpc/com.atproto.server.refreshSession" and verb == "POST":
            old = self.session_for("refreshJwt")
            old["ended"] = True
            return self.new_session(old["handle"])
        if path == "/xrpc/com.atproto.server.deleteSession" and verb == "POST":
            self.session_for("refreshJwt")["ended"] = True
            return {}
        if path == "/xrpc/com.atproto.identity.resolveHandle" and verb == "GET":
            if query.get("handle") not in accounts:
                raise Failure(400, "InvalidRequest", "Unable to resolve handle")
            return {"did": did_of(query["handle"])}
        if path == "/xrpc/com.atproto.repo.createRecord" and verb == "POST":
            session = self.session_for("accessJwt")
            if body.get("repo") not in (session["did"], session["handle"]):
                raise Failure(400, "InvalidRequest", "Invalid repo")
            rkey = body.get("rkey") or secrets.token_hex(7)
            uri = "at://%s/%s/%s" % (session["did"], body.get("collection"), rkey)
            if any(record["uri"] == uri for record in STATE["records"]):
                raise Failure(400, "InvalidRequest", "Record already exists")
            cid = "bafyrei" + secrets.token_hex(20)
            STATE["records"].append({"uri": uri, "cid": cid, "value": body.get("record")})
            return {"uri": uri, "cid": cid, "validationStatus": "valid"}
        if path == "/xrpc/com.atproto.repo.getRecord" and verb == "GET":
            repo = query.get("repo")
            did = repo if repo and repo.startswith("did:") else did_of(repo or "")
            uri = "at://%s/%s/%s" % (did, query.get("collection"), query.get("rkey"))
            for record in STATE["records"]:
                if record["uri"] == uri:
                    return record
            raise Failure(400, "RecordNotFound", "Could not locate record: " + uri)
        raise Failure(404, "MethodNotImplemented", "Method Not Implemented")


server = ThreadingHTTPServer(("127.0.0.1", 443), Handler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(os.path.join(DIR, "server.pem"), os.path.join(DIR, "server.key"))
server.socket = context.wrap_socket(server.socket, server_side=True)
save_state()
print("listening", flush=True)
server.serve_forever()
