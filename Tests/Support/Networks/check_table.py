#!/usr/bin/python3
"""Holds the stand-ins to docs/servers.md: every row of its `servers: mastodon` and `servers: bluesky`
blocks is asked of the stand-in, under the networks' real names inside the test network, without a
token, with one lacking the row's scopes, with one holding them, and repeated as the row says; each
answer must be the row's. A row with no check here, or a check with no row, fails too: a row added or
changed in the table fails until the stand-in says the same.
Usage: check_table.py DIR DOC (DIR: the stand-in's folder; DOC: docs/servers.md). Prints one line a
check ("ok ROW: CHECK" or "MISMATCH ROW: CHECK: ..."), then "checked N rows"; exit 1 on a mismatch."""
import base64, calendar, hashlib, http.client, io, json, os, secrets, select, ssl, subprocess, sys, threading, time
import urllib.parse

DIR, DOC = sys.argv[1], sys.argv[2]
CONTEXT = ssl.create_default_context(cafile="/etc/ssl/certs/ca-certificates.crt")
MASTODON, BLUESKY = "mastodon.social", "bsky.social"
REDIRECT = "http://127.0.0.1:9/callback"
results = []


def rows(network):
    text = open(DOC, encoding="utf-8").read()
    start = text.index("<!-- servers: %s -->" % network)
    opening = text.index("```json", start) + len("```json")
    return {row["request"]: row for row in json.loads(text[opening:text.index("```", opening)])}


def call(verb, host, path, token=None, json_body=None, form=None, raw=None, content_type=None, query=None,
         key=None):
    """(status, JSON or text, headers) of one request; redirects are not followed."""
    headers = {"Idempotency-Key": key} if key else {}
    if token:
        headers["Authorization"] = "Bearer " + token
    body = None
    if json_body is not None:
        body, headers["Content-Type"] = json.dumps(json_body).encode(), "application/json"
    elif form is not None:
        body, headers["Content-Type"] = urllib.parse.urlencode(form).encode(), "application/x-www-form-urlencoded"
    elif raw is not None:
        body, headers["Content-Type"] = raw, content_type
    if query:
        path += "?" + urllib.parse.urlencode(query)
    connection = http.client.HTTPSConnection(host, 443, context=CONTEXT, timeout=60)
    connection.request(verb, path, body=body, headers=headers)
    answer = connection.getresponse()
    data = answer.read()
    connection.close()
    try:
        parsed = json.loads(data)
    except ValueError:
        parsed = data.decode("utf-8", "replace")
    return answer.status, parsed, dict(answer.getheaders())


def expect(row, check, got, wanted):
    same = got == wanted
    results.append(same)
    print(("ok %s: %s" if same else "MISMATCH %s: %s: the table says %r, the stand-in answered %r")
          % ((row, check) if same else (row, check, wanted, got)), flush=True)


def write_whole(name, value):
    """Replaced at once (a rename), as the stand-in reads it at any request."""
    path = os.path.join(DIR, name)
    with open(path + ".new", "w") as file:
        json.dump(value, file)
    os.replace(path + ".new", path)


def fault(*faults):
    write_whole("faults.json", list(faults))


def accounts(**changes):
    with open(os.path.join(DIR, "accounts.json")) as file:
        current = json.load(file)
    current.update(changes)
    write_whole("accounts.json", {key: value for key, value in current.items() if value is not None})


# MARK: Mastodon


def register(scopes):
    return call("POST", MASTODON, "/api/v1/apps",
                json_body={"client_name": "table check", "redirect_uris": REDIRECT, "scopes": scopes})


def approve(app, scopes):
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")
    query = {"client_id": app["client_id"], "redirect_uri": REDIRECT, "response_type": "code", "scope": scopes,
             "state": "s", "code_challenge": challenge, "code_challenge_method": "S256"}
    status, _, headers = call("POST", MASTODON, "/oauth/authorize", form={"decision": "approve"}, query=query)
    location = headers.get("Location", "")
    code = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(location).query)).get("code")
    return status, code, verifier


def token_form(app, code, verifier):
    return {"grant_type": "authorization_code", "code": code, "client_id": app["client_id"],
            "client_secret": app["client_secret"], "redirect_uri": REDIRECT, "code_verifier": verifier}


def token_with(scopes):
    app = register(scopes)[1]
    _, code, verifier = approve(app, scopes)
    return call("POST", MASTODON, "/oauth/token", form=token_form(app, code, verifier))[1]["access_token"], app


def png():
    from PIL import Image
    out = io.BytesIO()
    Image.new("RGB", (8, 6), (200, 30, 30)).save(out, "PNG")
    return out.getvalue()


def multipart(data, name="a.png", kind="image/png"):
    boundary = "table" + secrets.token_hex(8)
    body = ("--%s\r\nContent-Disposition: form-data; name=\"file\"; filename=\"%s\"\r\nContent-Type: %s"
            "\r\n\r\n" % (boundary, name, kind)).encode() + data + ("\r\n--%s--\r\n" % boundary).encode()
    return body, "multipart/form-data; boundary=" + boundary


def check_mastodon_video(table, token):
    """A video as MediaAttachment and PostStatusService treat one: 202 with no url, 206 while it is
    processed, 200 once done; a status naming it before is refused; one whose processing failed is
    422 for ever (docs/servers.md, "Video")."""
    upload, shown = "POST /api/v2/media", "GET /api/v1/media/:id"
    video, show = table[upload]["video"], table[shown]["video"]
    accounts(mastodonVideoProcessing=60)
    body, kind = multipart(clip(), "clip.mp4", "video/mp4")
    status, made, _ = call("POST", MASTODON, "/api/v2/media", token, raw=body, content_type=kind)
    expect(upload, "video: answer", [status, made.get("url", "absent")], [video["answer"], video["url"]])
    path = "/api/v1/media/" + str(made.get("id"))
    expect(shown, "video: processing", call("GET", MASTODON, path, token)[0], show["processing"])
    named = call("POST", MASTODON, "/api/v1/statuses", token, json_body={"status": "too soon", "media_ids": [made["id"]]})
    expect("POST /api/v1/statuses", "video: unprocessed", [named[0], named[1].get("error")],
           [video["namedUnprocessed"], video["namedUnprocessedError"]])
    fault({"method": "clock", "advance": 61})
    expect(shown, "video: done", call("GET", MASTODON, path, token)[0], show["done"])
    accounts(mastodonVideoProcessing=1, mastodonProcessingFails=True)
    status, failing, _ = call("POST", MASTODON, "/api/v2/media", token, raw=body, content_type=kind)
    fault({"method": "clock", "advance": 2})
    again = [call("GET", MASTODON, "/api/v1/media/" + str(failing.get("id")), token) for _ in range(2)]
    expect(shown, "video: failed", [[answer[0], answer[1].get("error")] for answer in again],
           [[show["failed"], show["failedError"]]] * 2)
    accounts(mastodonVideoProcessing=None, mastodonProcessingFails=None)


def mastodon_request(request, token, key=None):
    """The row's request, made concrete: ids of things that exist, a body it takes."""
    verb, path = request.split(" ", 1)
    if request == "POST /api/v1/statuses":
        return call(verb, MASTODON, path, token, json_body={"status": "table check " + secrets.token_hex(4)})
    if request == "POST /api/v2/media":
        body, kind = multipart(png())
        return call(verb, MASTODON, path, token, raw=body, content_type=kind)
    if path.startswith(SCHEDULED + "/"):  # a DELETE takes one of its own
        path = path.replace(":id", schedule(IDS["full"], ahead())[1]["id"] if verb == "DELETE" else IDS["scheduled"])
        return call(verb, MASTODON, path, token, json_body={"scheduled_at": iso(ahead())} if verb == "PUT" else None)
    query = {"q": "alice"} if "search" in path else None
    path = path.replace(":id/statuses", "1/statuses").replace(":id/source", IDS["status"] + "/source")
    path = path.replace("media/:id", "media/" + IDS["media"])
    return call(verb, MASTODON, path, token, query=query)


IDS = {}
SCHEDULED = "/api/v1/scheduled_statuses"
DAYS = [0]


def server_now(token):
    """The stand-in's clock, which a "clock" fault moves: a new status's created_at."""
    made = call("POST", MASTODON, "/api/v1/statuses", token, json_body={"status": "what time is it"})[1]
    return calendar.timegm(time.strptime(made["created_at"][:19], "%Y-%m-%dT%H:%M:%S"))


def iso(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def ahead():
    """A time on a day no scheduled status has yet (25 a day at most), far past every clock fault:
    noon (UTC), so the minutes after it that a check adds stay on that day whatever the hour now
    (an hour from now crossed midnight when the tests ran after 22:20)."""
    DAYS[0] += 1
    return (IDS["now"] // 86400 + DAYS[0]) * 86400 + 43200


def schedule(token, at, text="scheduled", key=None):
    return call("POST", MASTODON, "/api/v1/statuses", token, json_body={"status": text, "scheduled_at": iso(at)},
                key=key)


def check_mastodon():
    table = rows("mastodon")
    checked = set()
    full, _ = token_with("write:statuses write:media read:accounts read:search read:statuses")
    other, _ = token_with("read:lists")
    IDS["status"] = str(call("POST", MASTODON, "/api/v1/statuses", full, json_body={"status": "for ids"})[1]["id"])
    body, kind = multipart(png())
    IDS["media"] = str(call("POST", MASTODON, "/api/v2/media", full, raw=body, content_type=kind)[1]["id"])
    IDS["full"], IDS["now"] = full, server_now(full)
    IDS["scheduled"] = schedule(full, ahead())[1]["id"]
    for request, row in table.items():
        if row["auth"] in ("token", "token-optional", "none") and not request.startswith(("POST /oauth", "GET /oauth")):
            if request == "POST /api/v1/apps":
                expect(request, "noToken", register("read")[0], row["noToken"])
            else:
                expect(request, "noToken", mastodon_request(request, None)[0], row["noToken"])
            checked.add(request)
        if row["scopes"]:
            expect(request, "wrongScope", mastodon_request(request, other)[0], row["wrongScope"])
            narrow, _ = token_with(row["scopes"][-1])
            expect(request, "with " + row["scopes"][-1], mastodon_request(request, narrow)[0] in (200, 202, 206), True)
    check_oauth(table, checked)
    check_quotes(table, full)
    check_statuses_repeats(table["POST /api/v1/statuses"], full)
    checked.add("POST /api/v1/statuses")
    check_paging(table["GET /api/v1/accounts/:id/statuses"], full)
    check_scheduled(table, full)
    check_scheduled_paging(table["GET " + SCHEDULED], full)
    check_scheduled_limits(table, full)
    check_mastodon_video(table, full)
    missing = set(table) - checked
    for request in sorted(missing):
        expect(request, "a check exists", False, True)
    return len(table)


def check_oauth(table, checked):
    row = table["GET /oauth/authorize"]
    app = register("read:statuses")[1]
    first, second = approve(app, "read:statuses")[1], approve(app, "read:statuses")[1]
    expect("GET /oauth/authorize", "again", bool(first and second and first != second), True)
    expect("GET /oauth/authorize", "an unregistered scope", approve(app, "write:statuses")[0],
           row["repeats"]["unregisteredScope"])
    checked.add("GET /oauth/authorize")
    row = table["POST /oauth/token"]
    _, code, verifier = approve(app, "read:statuses")
    expect("POST /oauth/token", "noToken", call("POST", MASTODON, "/oauth/token", form={
        "grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT})[0], row["noToken"])
    status, token, _ = call("POST", MASTODON, "/oauth/token", form=token_form(app, code, verifier))
    again = call("POST", MASTODON, "/oauth/token", form=token_form(app, code, verifier))
    expect("POST /oauth/token", "the same code", (again[0], again[1].get("error")),
           (row["repeats"]["sameCode"], row["repeats"]["sameCodeError"]))
    checked.add("POST /oauth/token")
    row = table["POST /oauth/revoke"]
    expect("POST /oauth/revoke", "noToken", call("POST", MASTODON, "/oauth/revoke", form={
        "token": token["access_token"]})[0], row["noToken"])
    revoke = {"client_id": app["client_id"], "client_secret": app["client_secret"], "token": token["access_token"]}
    call("POST", MASTODON, "/oauth/revoke", form=revoke)
    expect("POST /oauth/revoke", "again", call("POST", MASTODON, "/oauth/revoke", form=revoke)[0],
           row["repeats"]["again"])
    checked.add("POST /oauth/revoke")


def check_quotes(table, token):
    """4.5's quotes: the instance's API version, then quoted_status_id and quote_approval_policy as
    taken from it on, and as ignored by a server from before 4.3 (no api_versions at all)."""
    request, rules = "POST /api/v1/statuses", table["POST /api/v1/statuses"]["quotes"]
    instance = table["GET /api/v2/instance"]["apiVersions"]
    answer = call("GET", MASTODON, "/api/v2/instance")[1]
    expect("GET /api/v2/instance", "apiVersions", (answer.get("api_versions"), answer.get("version")),
           ({"mastodon": instance["mastodon"]}, instance["at"]))
    quoted = call("POST", MASTODON, "/api/v1/statuses", token, json_body={"status": "to be quoted"})[1]["id"]
    post = lambda **given: call("POST", MASTODON, "/api/v1/statuses", token,
                                json_body=dict({"status": "quoting"}, **given))
    made = post(quoted_status_id=quoted)
    expect(request, "quotes: answer", (made[0], sorted(set(made[1]) & {"quote", "quote_approval"}),
                                       (made[1].get("quote") or {}).get("state"),
                                       ((made[1].get("quote") or {}).get("quoted_status") or {}).get("id")),
           (200, rules["answer"], rules["quoteState"], quoted))
    expect(request, "quotes: defaultPolicy", made[1].get("quote_approval", {}).get("automatic"),
           rules["policies"][rules["defaultPolicy"]])
    expect(request, "quotes: policies", {policy: post(quote_approval_policy=policy)[1].get("quote_approval", {}).get(
        "automatic") for policy in rules["policies"]}, rules["policies"])
    expect(request, "quotes: blankText", post(status="", quoted_status_id=quoted)[0], rules["blankText"])
    expect(request, "quotes: missing", error(post(quoted_status_id="999")), (rules["missing"], rules["missingError"]))
    expect(request, "quotes: badPolicy", error(post(quote_approval_policy="everyone")),
           (rules["badPolicy"], rules["badPolicyError"]))
    accounts(mastodonApiVersion=0)
    older = post(quoted_status_id="999", quote_approval_policy="everyone")
    expect("GET /api/v2/instance", "apiVersions before 4.3", "absent" if "api_versions" not in call(
        "GET", MASTODON, "/api/v2/instance")[1] else "there", instance["before4.3"])
    accounts(mastodonApiVersion=-1)
    expect("GET /api/v2/instance", "apiVersions before 4.0", call("GET", MASTODON, "/api/v2/instance")[0],
           instance["before4.0"])
    accounts(mastodonApiVersion=0)
    expect(request, "quotes: olderServer", "ignored" if older[0] == 200 and "quote" not in older[1] else older,
           rules["olderServer"])
    taken = {}
    for version in (rules["fromApiVersion"] - 1, rules["fromApiVersion"]):
        accounts(mastodonApiVersion=version)
        taken[version] = post(quote_approval_policy="everyone")[0] != 200
    expect(request, "quotes: fromApiVersion", [v for v, t in taken.items() if t], [rules["fromApiVersion"]])
    accounts(mastodonApiVersion=instance["mastodon"])


def post_keyed(token, key, text, results_list=None):
    connection = http.client.HTTPSConnection(MASTODON, 443, context=CONTEXT, timeout=60)
    connection.request("POST", "/api/v1/statuses", body=json.dumps({"status": text}),
                       headers={"Authorization": "Bearer " + token, "Idempotency-Key": key,
                                "Content-Type": "application/json"})
    answer = connection.getresponse()
    data = answer.read()
    if results_list is not None:
        results_list.append(answer.status)
    return answer.status, json.loads(data or b"{}")


def check_statuses_repeats(row, token):
    request, repeats = "POST /api/v1/statuses", row["repeats"]
    key = secrets.token_hex(8)
    first = post_keyed(token, key, "keyed once")
    again = post_keyed(token, key, "keyed once")
    expect(request, "storedKey", (again[0], again[1].get("id")), (repeats["storedKey"], first[1].get("id")))
    accounts(mastodonRepeatFails=True)
    expect(request, "storedKeyFrom4.6To4.7", post_keyed(token, key, "keyed once")[0], repeats["storedKeyFrom4.6To4.7"])
    accounts(mastodonRepeatFails=False)
    # The first of two requests with a new key held longer than the lock waits.
    wait = repeats["keyInFlightWaitSeconds"]
    announce = os.path.join(DIR, "arrived.fifo")
    os.mkfifo(announce)
    arrived = os.open(announce, os.O_RDONLY | os.O_NONBLOCK)
    fault({"method": "/api/v1/statuses", "delay": wait + 3, "announce": "arrived.fifo"})
    key, statuses = secrets.token_hex(8), []
    slow = threading.Thread(target=post_keyed, args=(token, key, "in flight", statuses))
    slow.start()
    # Until the slow one has arrived (and holds the key's lock), within a deadline.
    select.select([arrived], [], [], 10)
    os.close(arrived)
    began = time.monotonic()
    second = post_keyed(token, key, "in flight")[0]
    waited = time.monotonic() - began
    slow.join()
    expect(request, "keyInFlight", second, repeats["keyInFlight"])
    expect(request, "keyInFlight waits %d s" % wait, wait - 1 <= waited < wait + 3, True)
    fault({"method": "clock", "advance": repeats["keyLifetimeSeconds"] + 60})
    after = post_keyed(token, key, "in flight")
    expect(request, "expiredKey", after[0] == 200 and after[1].get("id") not in (None, first[1].get("id")), True)


def check_paging(row, token):
    request = "GET /api/v1/accounts/:id/statuses"
    fault({"method": "seed", "statuses": [{"text": "seed %d" % n, "reblog": n % 5 == 0} for n in range(60)]})
    call("GET", MASTODON, "/api/v2/instance")
    default = call("GET", MASTODON, "/api/v1/accounts/1/statuses", token)[1]
    most = call("GET", MASTODON, "/api/v1/accounts/1/statuses", token, query={"limit": 1000})[1]
    expect(request, "limit", {"default": len(default), "max": len(most)}, row["limit"])
    ids = [int(status["id"]) for status in most]
    expect(request, "newest first", ids == sorted(ids, reverse=True), True)
    below = call("GET", MASTODON, "/api/v1/accounts/1/statuses", token,
                 query={"limit": 40, "max_id": most[-1]["id"], "exclude_reblogs": "true"})[1]
    expect(request, "max_id", all(int(s["id"]) < ids[-1] for s in below) and bool(below), True)
    expect(request, "exclude_reblogs", any(s["reblog"] for s in most) and not any(s["reblog"] for s in below), True)


def check_scheduled(table, token):
    request, row = "POST /api/v1/statuses", table["POST /api/v1/statuses"]
    rules, offset = row["scheduled"], row["scheduled"]["minimumOffsetSeconds"]
    now = server_now(token)
    status, made, _ = schedule(token, now + offset + 120, "later")
    expect(request, "scheduled ahead", (status, sorted(made)), (200, rules["answer"]))
    soon = schedule(token, now + offset - 60, "too soon")
    expect(request, "scheduled too soon", (soon[0], soon[1].get("error")), (rules["tooSoon"], rules["tooSoonError"]))
    past = schedule(token, now - 60, "in the past")
    expect(request, "scheduled in the past", "a status now" if past[0] == 200 and "content" in past[1] else past,
           rules["past"])
    key = secrets.token_hex(8)
    schedule(token, ahead(), "keyed", key)
    again = schedule(token, ahead(), "keyed", key)
    expect(request, "storedKeyScheduled", again[0], row["repeats"]["storedKeyScheduled"])
    accounts(mastodonScheduledKeyRepeats=True)  # before 4.2.9
    before = len(call("GET", MASTODON, SCHEDULED, token, query={"limit": "40"})[1])
    schedule(token, ahead(), "keyed", key)
    after = len(call("GET", MASTODON, SCHEDULED, token, query={"limit": "40"})[1])
    expect(request, "storedKeyScheduledBefore4.2.9", "a second scheduled status" if after == before + 1 else after,
           row["repeats"]["storedKeyScheduledBefore4.2.9"])
    accounts(mastodonScheduledKeyRepeats=False, mastodonLocale="de")  # the account's words, not the client's
    german = schedule(token, now + offset - 60, "too soon")
    expect(request, "scheduled too soon, a German account", german[1].get("error"),
           rules["tooSoonErrorForAGermanAccount"])
    accounts(mastodonLocale="en")
    one, put, delete = ("%s %s/:id" % (verb, SCHEDULED) for verb in ("GET", "PUT", "DELETE"))
    path, nowhere = SCHEDULED + "/" + made["id"], SCHEDULED + "/999999"
    expect(one, "again", call("GET", MASTODON, path, token)[1] == call("GET", MASTODON, path, token)[1] == made, True)
    expect(one, "missing", call("GET", MASTODON, nowhere, token)[0], table[one]["missing"])
    later = call("PUT", MASTODON, path, token, json_body={"scheduled_at": iso(ahead()), "status": "changed"})[1]
    expect(put, "changes", [name for name, new, old in (("scheduled_at", later["scheduled_at"], made["scheduled_at"]),
                                                        ("text", later["params"]["text"], made["params"]["text"]))
                            if new != old], table[put]["changes"])
    expect(put, "again", call("PUT", MASTODON, path, token, json_body={"scheduled_at": later["scheduled_at"]})[0],
           table[put]["repeats"]["again"])
    expect(put, "tooSoon", call("PUT", MASTODON, path, token, json_body={"scheduled_at": iso(now + offset - 60)})[0],
           table[put]["tooSoon"])
    expect(put, "missing", call("PUT", MASTODON, nowhere, token, json_body={"scheduled_at": iso(ahead())})[0],
           table[put]["missing"])
    first = call("DELETE", MASTODON, path, token)
    expect(delete, "answer", (first[0], first[1]), (200, table[delete]["answer"]))
    expect(delete, "again", call("DELETE", MASTODON, path, token)[0], table[delete]["repeats"]["again"])
    expect(delete, "missing", call("DELETE", MASTODON, nowhere, token)[0], table[delete]["missing"])
    # Due: published at the first request after its time (the stand-in's clock moved past it).
    text = "due " + secrets.token_hex(4)
    due = schedule(token, server_now(token) + offset + 60, text)[1]
    fault({"method": "clock", "advance": offset + 120})
    expect(one, "published", call("GET", MASTODON, SCHEDULED + "/" + due["id"], token)[0],
           table[one]["repeats"]["published"])
    listed = [s for s in call("GET", MASTODON, "/api/v1/accounts/1/statuses", token)[1]
              if s["content"] == "<p>%s</p>" % text]
    expect(request, "due", "a status created at scheduled_at" if [s["created_at"] for s in listed] == [
        due["scheduled_at"]] else listed, rules["due"])


def check_scheduled_paging(row, token):
    request, checked = "GET " + SCHEDULED, []
    for n in range(45):
        schedule(token, ahead(), "page %d" % n)
    listing = lambda **query: call("GET", MASTODON, SCHEDULED, token, query=query)
    default, most = listing()[1], listing(limit=1000)
    expect(request, "limit", {"default": len(default), "max": len(most[1])}, row["limit"])
    ids = [int(s["id"]) for s in most[1]]
    expect(request, "newest first", ids == sorted(ids, reverse=True), True)
    below = listing(max_id=ids[-1])[1]
    expect(request, "max_id", bool(below) and all(int(s["id"]) < ids[-1] for s in below), True)
    checked.append("max_id")
    since = listing(since_id=ids[5])[1]
    expect(request, "since_id", [int(s["id"]) for s in since] == ids[:5], True)
    checked.append("since_id")
    above = listing(min_id=ids[-1], limit=3)[1]
    expect(request, "min_id", [int(s["id"]) for s in above] == ids[-4:-1], True)
    checked.append("min_id")
    link = "<https://%s%s?limit=1000&max_id=%d>; rel=\"next\", <https://%s%s?limit=1000&min_id=%d>; rel=\"prev\"" % (
        MASTODON, SCHEDULED, ids[-1], MASTODON, SCHEDULED, ids[0])
    expect(request, "Link", most[2].get("Link"), link)
    checked.append("Link")
    expect(request, "paging", checked, row["paging"])
    expect(request, "zeroLimit", listing(limit=0)[0], row["zeroLimit"])


def check_scheduled_limits(table, token):
    """25 on one day; 300 in all, where even a PUT is refused (the record counts itself)."""
    request, rules = "POST /api/v1/statuses", table["POST /api/v1/statuses"]["scheduled"]
    day, answers = ahead(), []
    while len(answers) < 40 and (not answers or answers[-1][0] == 200):
        answers.append(schedule(token, day + 60 * len(answers), "same day"))
    expect(request, "perDay", (len(answers) - 1, answers[-1][1].get("error")), (
        rules["perDay"], "Validation failed: You have exceeded the limit of %d scheduled posts for today" % rules[
            "perDay"]))
    answers = []
    while len(answers) < 400 and (not answers or answers[-1][0] == 200):
        answers.append(schedule(token, ahead(), "one more"))
    held, page = 0, call("GET", MASTODON, SCHEDULED, token, query={"limit": 40})[1]
    while page:  # counted page by page, back through max_id
        held += len(page)
        page = call("GET", MASTODON, SCHEDULED, token, query={"limit": 40, "max_id": page[-1]["id"]})[1]
    expect(request, "total", (held, answers[-1][1].get("error")), (
        rules["total"], "Validation failed: You have exceeded the limit of %d scheduled posts" % rules["total"]))
    put = "PUT %s/:id" % SCHEDULED
    expect(put, "atTotalLimit", call("PUT", MASTODON, SCHEDULED + "/" + IDS["scheduled"], token, json_body={
        "scheduled_at": iso(ahead())})[0], table[put]["atTotalLimit"])


# MARK: Bluesky


def xrpc(verb, method, token=None, **given):
    return call(verb, BLUESKY, "/xrpc/" + method, token, **given)


def session():
    handle, password = next(iter(json.load(open(os.path.join(DIR, "accounts.json")))["bluesky"].items()))
    answer = xrpc("POST", "com.atproto.server.createSession", json_body={"identifier": handle, "password": password})
    return answer[0], answer[1]


def error(answer):
    return answer[0], answer[1].get("error") if isinstance(answer[1], dict) else None


def check_bluesky():
    table = rows("bluesky")
    checked = set()
    status, made = session()
    expect("POST /xrpc/com.atproto.server.createSession", "noToken", status,
           table["POST /xrpc/com.atproto.server.createSession"]["noToken"])
    again = session()[1]
    expect("POST /xrpc/com.atproto.server.createSession", "again", again["accessJwt"] != made["accessJwt"], True)
    checked.add("POST /xrpc/com.atproto.server.createSession")
    record = {"$type": "app.bsky.feed.post", "text": "table check", "createdAt": "2026-12-05T18:00:00Z"}
    rkey = "3kdd" + "".join(secrets.choice("234567abcdefghij") for _ in range(9))
    create = {"repo": made["did"], "collection": "app.bsky.feed.post", "rkey": rkey, "record": record}
    requests = {
        "POST /xrpc/com.atproto.repo.createRecord": lambda token: xrpc("POST", "com.atproto.repo.createRecord", token,
                                                                        json_body=create),
        "POST /xrpc/com.atproto.repo.uploadBlob": lambda token: xrpc("POST", "com.atproto.repo.uploadBlob", token,
                                                                      raw=png(), content_type="image/png"),
        "GET /xrpc/app.bsky.actor.searchActorsTypeahead": lambda token: xrpc(
            "GET", "app.bsky.actor.searchActorsTypeahead", token, query={"q": "bo"}),
        "POST /xrpc/com.atproto.server.refreshSession": lambda token: xrpc(
            "POST", "com.atproto.server.refreshSession", token),
        "POST /xrpc/com.atproto.server.deleteSession": lambda token: xrpc(
            "POST", "com.atproto.server.deleteSession", token),
        "GET /xrpc/com.atproto.identity.resolveHandle": lambda token: xrpc(
            "GET", "com.atproto.identity.resolveHandle", token, query={"handle": made["handle"]}),
        "GET /xrpc/com.atproto.repo.getRecord": lambda token: xrpc("GET", "com.atproto.repo.getRecord", token, query={
            "repo": made["did"], "collection": "app.bsky.feed.post", "rkey": rkey}),
        "POST /xrpc/com.atproto.repo.applyWrites": lambda token: apply_writes(
            made, [creation(POST, tid(), record)], token),
    }
    first = requests["POST /xrpc/com.atproto.repo.createRecord"](made["accessJwt"])
    for request, ask in requests.items():
        row = table[request]
        answer = ask(None)
        expect(request, "noToken", (answer[0], answer[1].get("error") if answer[0] >= 400 else None),
               (row["noToken"], row["noTokenError"]))
        checked.add(request)
    row = table["POST /xrpc/com.atproto.repo.createRecord"]
    expect("POST /xrpc/com.atproto.repo.createRecord", "takenKey",
           error(requests["POST /xrpc/com.atproto.repo.createRecord"](made["accessJwt"])),
           (row["repeats"]["takenKey"], row["repeats"]["takenKeyError"]))
    thumbs = row["externalThumb"]
    for check, size, cid in (("unknownThumb", 900, "bafkreinever"), ("thumbTooBig", thumbs["maxSize"] + 1, "bafkreix")):
        card = dict(record, embed={"$type": "app.bsky.embed.external", "external": {
            "uri": "https://pages.example.org/card", "title": "", "description": "",
            "thumb": {"$type": "blob", "ref": {"$link": cid}, "mimeType": "image/png", "size": size}}})
        rkey_card = "3kdd" + "".join(secrets.choice("234567abcdefghij") for _ in range(9))
        answer = xrpc("POST", "com.atproto.repo.createRecord", made["accessJwt"], json_body={
            "repo": made["did"], "collection": "app.bsky.feed.post", "rkey": rkey_card, "record": card})
        wanted = (thumbs["unknown"], thumbs["unknownError"]) if check == "unknownThumb" else (
            thumbs["tooBig"], thumbs["tooBigError"])
        expect("POST /xrpc/com.atproto.repo.createRecord", check, error(answer), wanted)
    check_record_quotes(row, made, first[1])
    check_apply_writes(table["POST /xrpc/com.atproto.repo.applyWrites"], made)
    row = table["GET /xrpc/com.atproto.repo.getRecord"]
    missing = xrpc("GET", "com.atproto.repo.getRecord", query={"repo": made["did"], "collection": "app.bsky.feed.post",
                                                               "rkey": "3kddzzzzzzzz2"})
    expect("GET /xrpc/com.atproto.repo.getRecord", "missing", error(missing), (row["missing"], row["missingError"]))
    blob = requests["POST /xrpc/com.atproto.repo.uploadBlob"]
    expect("POST /xrpc/com.atproto.repo.uploadBlob", "sameBytes",
           blob(made["accessJwt"])[1]["blob"]["ref"] == blob(made["accessJwt"])[1]["blob"]["ref"], True)
    fault({"method": "expireAccess"})
    xrpc("GET", "com.atproto.identity.resolveHandle", query={"handle": made["handle"]})
    for request in ("POST /xrpc/com.atproto.repo.createRecord", "POST /xrpc/com.atproto.repo.uploadBlob",
                    "GET /xrpc/app.bsky.actor.searchActorsTypeahead", "POST /xrpc/com.atproto.repo.applyWrites"):
        expired = table[request]["expiredError"]
        expect(request, "expired", error(requests[request](made["accessJwt"])), (expired["status"], expired["error"]))
    expect("POST /xrpc/com.atproto.repo.createRecord", "with a token", first[0], 200)
    check_refresh(table, again)
    check_video(table, checked, made)
    for request in sorted(set(table) - checked):
        expect(request, "a check exists", False, True)
    return len(table)


POST = "app.bsky.feed.post"
RULES = {"app.bsky.feed.threadgate": ("allow", "#mentionRule"),
         "app.bsky.feed.postgate": ("embeddingRules", "#disableRule")}


def tid():
    return "3kdd" + "".join(secrets.choice("234567abcdefghij") for _ in range(9))


def creation(collection, rkey, value):
    return {"$type": "com.atproto.repo.applyWrites#create", "collection": collection, "rkey": rkey, "value": value}


def gate(did, collection, rkey, post_key=None, rules=None):
    """A threadgate or postgate at `rkey` naming the post at `post_key` (the same unless given), with
    `rules` (one, the lexicon's first, unless given)."""
    field, rule = RULES[collection]
    return creation(collection, rkey, {"$type": collection, "post": "at://%s/%s/%s" % (did, POST, post_key or rkey),
                                     "createdAt": "2026-12-05T18:00:00Z",
                                     field: rules if rules is not None else [{"$type": collection + rule}]})


def apply_writes(made, writes, token=None, repo=None):
    return xrpc("POST", "com.atproto.repo.applyWrites", token,
                json_body={"repo": repo or made["did"], "writes": writes})


def quote_embeds(made, rules, ref):
    """A post's embed for each kind the row names, each quoting `ref`: app.bsky.embed.record, and
    recordWithMedia with each media (an uploaded image, a video, a card)."""
    blob = xrpc("POST", "com.atproto.repo.uploadBlob", made["accessJwt"], raw=png(),
                content_type="image/png")[1]["blob"]
    video = xrpc("POST", "com.atproto.repo.uploadBlob", made["accessJwt"], raw=clip(),
                 content_type="video/mp4")[1]["blob"]
    media = {"app.bsky.embed.images": {"$type": "app.bsky.embed.images", "images": [{"image": blob, "alt": ""}]},
             "app.bsky.embed.video": {"$type": "app.bsky.embed.video", "video": video},
             "app.bsky.embed.external": {"$type": "app.bsky.embed.external", "external": {
                 "uri": "https://pages.example.org/card", "title": "", "description": ""}}}
    quoted = {"uri": ref["uri"], "cid": ref["cid"]}
    embeds = {}
    for kind in rules["embeds"]:
        for chosen in (rules["media"] if kind.endswith("WithMedia") else [None]):
            embeds[kind + (" " + chosen if chosen else "")] = {"$type": kind, "record": quoted} if not chosen else {
                "$type": kind, "record": {"$type": "app.bsky.embed.record", "record": quoted},
                "media": media.get(chosen, {"$type": chosen})}  # one not modelled: the stand-in refuses it
    return embeds


def post_with(embed=None, text="quoting"):
    made = {"$type": POST, "text": text, "createdAt": "2026-12-05T18:00:00Z"}
    return dict(made, embed=embed) if embed else made


def check_record_quotes(row, made, quoted):
    request, stricter = "POST /xrpc/com.atproto.repo.createRecord", row["standInStricter"]
    written = lambda embed: xrpc("POST", "com.atproto.repo.createRecord", made["accessJwt"], json_body={
        "repo": made["did"], "collection": POST, "rkey": tid(), "record": post_with(embed)})[0]
    embeds = quote_embeds(made, row["quotes"], quoted)
    expect(request, "quotes", {kind: written(embed) for kind, embed in embeds.items()}, {kind: 200 for kind in embeds})
    missing = {"$type": "app.bsky.embed.record", "record": {"uri": quoted["uri"], "cid": "bafyreinotthis"}}
    expect(request, "standInStricter: quoteOfMissingRecord", written(missing), stricter["quoteOfMissingRecord"])


def check_apply_writes(row, made):
    """A post with its gates in one batch, as compose-window sends it; then what fails it, all of it."""
    request, token, did, gates = "POST /xrpc/com.atproto.repo.applyWrites", made["accessJwt"], made["did"], row["gates"]
    threadgate, stricter = gates["collections"][0], row["standInStricter"]
    gated = lambda k, embed=None: [creation(POST, k, post_with(embed))] + [gate(did, c, k) for c in gates["collections"]]
    key = tid()
    writes = gated(key)
    first = apply_writes(made, writes, token)
    results = first[1].get("results", []) if first[0] == 200 else []
    expect(request, "with a token", (first[0], sorted(first[1]), [r.get("$type") for r in results]),
           (200, row["answer"]["keys"], [row["answer"]["result"]] * len(writes)))
    expect(request, "answer: order", [r.get("uri") for r in results],
           ["at://%s/%s/%s" % (did, w["collection"], key) for w in writes])
    kept = [xrpc("GET", "com.atproto.repo.getRecord", query={"repo": did, "collection": c, "rkey": key})[1].get("cid")
            for c in gates["collections"]]
    expect(request, "gates: key", "the post's" if kept == [r.get("cid") for r in results[1:]] else kept, gates["key"])
    expect(request, "takenKey", error(apply_writes(made, writes, token)),
           (row["repeats"]["takenKey"], row["repeats"]["takenKeyError"]))
    new = tid()  # a new post with a gate at the taken key: the whole batch fails
    apply_writes(made, [creation(POST, new, post_with()), gate(did, threadgate, key)], token)
    after = xrpc("GET", "com.atproto.repo.getRecord", query={"repo": did, "collection": POST, "rkey": new})
    expect(request, "takenKeyWrites", "none" if after[0] == 400 else after, row["repeats"]["takenKeyWrites"])
    many = [creation(POST, tid(), post_with()) for _ in range(row["maxWrites"] + 1)]
    expect(request, "tooManyWrites", error(apply_writes(made, many, token)),
           (row["tooManyWrites"], row["tooManyWritesError"]))
    nobody = "did:plc:" + "nobody".ljust(24, "x")
    expect(request, "unknownRepo", error(apply_writes(made, [creation(POST, tid(), post_with())], token, nobody)),
           (row["unknownRepo"], row["unknownRepoError"]))
    people = json.load(open(os.path.join(DIR, "accounts.json")))["bluesky"]
    accounts(bluesky=dict(people, **{"bob.bsky.social": "bob-app-password"}))
    other = apply_writes(made, [creation(POST, tid(), post_with())], token, "bob.bsky.social")
    expect(request, "otherRepo", error(other),
           (row["otherRepo"], row["otherRepoError"]))
    accounts(bluesky=people)
    rule = {"$type": threadgate + RULES[threadgate][1]}
    k = tid()
    expect(request, "gates: maxRules", apply_writes(made, [creation(POST, k, post_with()), gate(
        did, threadgate, k, rules=[rule] * gates["maxRules"])], token)[0], 200)
    wrong = {"tooManyRules": lambda k: gate(did, threadgate, k, rules=[rule] * (gates["maxRules"] + 1)),
             "badCreatedAt": lambda k: creation(threadgate, k, dict(gate(did, threadgate, k)["value"], createdAt="now")),
             "gateNamesAnotherPost": lambda k: gate(did, threadgate, k, post_key=key),
             "unknownRule": lambda k: gate(did, threadgate, k, rules=[{"$type": threadgate + "#friendRule"}])}
    for check, make in wrong.items():
        k = tid()
        answer = apply_writes(made, [creation(POST, k, post_with()), make(k)], token)
        if check in stricter:
            expect(request, "standInStricter: " + check, answer[0], stricter[check])
        else:
            expect(request, "gates: " + check, error(answer), (gates[check], gates[check + "Error"]))
    quoted = results[0] if results else {"uri": "", "cid": ""}
    embeds = quote_embeds(made, row["quotes"], quoted)
    expect(request, "quotes", {kind: apply_writes(made, gated(tid(), embed), token)[0]
                               for kind, embed in embeds.items()}, {kind: 200 for kind in embeds})
    missing = {"$type": "app.bsky.embed.record", "record": {"uri": quoted["uri"], "cid": "bafyreinotthis"}}
    expect(request, "standInStricter: quoteOfMissingRecord", apply_writes(made, gated(tid(), missing), token)[0],
           stricter["quoteOfMissingRecord"])


def check_refresh(table, made):
    row = table["POST /xrpc/com.atproto.server.refreshSession"]["repeats"]
    refresh = lambda: xrpc("POST", "com.atproto.server.refreshSession", made["refreshJwt"])
    expect("POST /xrpc/com.atproto.server.refreshSession", "withinGrace", (refresh()[0], refresh()[0]),
           (200, row["withinGrace"]))
    fault({"method": "clock", "advance": row["graceSeconds"] + 60})
    expect("POST /xrpc/com.atproto.server.refreshSession", "afterGrace", error(refresh()),
           (row["afterGrace"], row["afterGraceError"]))
    delete = lambda: xrpc("POST", "com.atproto.server.deleteSession", made["refreshJwt"])[0]
    expect("POST /xrpc/com.atproto.server.deleteSession", "again", (delete(), delete()),
           (200, table["POST /xrpc/com.atproto.server.deleteSession"]["repeats"]["again"]))


# MARK: Bluesky's video service

SERVICE_AUTH, LIMITS = "GET /xrpc/com.atproto.server.getServiceAuth", "GET /xrpc/app.bsky.video.getUploadLimits"
UPLOAD, JOB = "POST /xrpc/app.bsky.video.uploadVideo", "GET /xrpc/app.bsky.video.getJobStatus"
CLIPS = [0]


def clip(seconds=1, rate=30, size=(160, 120)):
    """A small valid MP4 (GStreamer's test pattern, x264) of `seconds`, other bytes at each call (two
    pixels wider each time)."""
    CLIPS[0] += 1
    path = os.path.join(DIR, "clip-%d.mp4" % CLIPS[0])
    caps = "video/x-raw,width=%d,height=%d,framerate=%d/1" % (size[0] + 2 * CLIPS[0], size[1], rate)
    subprocess.run(["gst-launch-1.0", "-q", "videotestsrc", "num-buffers=%d" % (seconds * rate), "!", caps, "!",
                    "x264enc", "speed-preset=ultrafast", "!", "mp4mux", "!", "filesink", "location=" + path],
                   check=True, timeout=120)
    with open(path, "rb") as file:
        data = file.read()
    os.remove(path)
    return data


def check_video(table, checked, old):
    """getServiceAuth on the PDS, then the video service as social-app uses it: limits, upload, polls,
    the post naming the blob; `old`: a session whose access JWT has expired."""
    made = session()[1]
    pds = urllib.parse.urlsplit(made["didDoc"]["service"][0]["serviceEndpoint"]).hostname
    host = lambda request: pds if table[request]["hosts"] == ["pds"] else table[request]["hosts"][0]
    ask = lambda token, **query: call("GET", host(SERVICE_AUTH), "/xrpc/com.atproto.server.getServiceAuth", token,
                                      query=query)
    service = lambda aud, lxm=None, exp=None: ask(made["accessJwt"], aud=aud, **({"lxm": lxm} if lxm else {}), **(
        {"exp": exp} if exp else {}))[1].get("token")
    row, video_did, pds_did = table[SERVICE_AUTH], "did:web:" + host(LIMITS), "did:web:" + pds
    limits_lxm, upload_lxm = "app.bsky.video.getUploadLimits", "com.atproto.repo.uploadBlob"
    expect(SERVICE_AUTH, "noToken", error(ask(None, aud=video_did)), (row["noToken"], row["noTokenError"]))
    expect(SERVICE_AUTH, "expired", error(ask(old["accessJwt"], aud=video_did)),
           (row["expiredError"]["status"], row["expiredError"]["error"]))
    expect(SERVICE_AUTH, "again", "a new token" if service(video_did, limits_lxm) != service(
        video_did, limits_lxm) else "the same", row["repeats"]["again"])
    expect(SERVICE_AUTH, "badAud", error(ask(made["accessJwt"], aud=host(LIMITS))), (row["badAud"], row["badAudError"]))
    bounds, now = row["exp"], server_now(IDS["full"])
    asked = lambda ahead, lxm=limits_lxm: error(ask(made["accessJwt"], aud=video_did, exp=now + ahead,
                                                    **({"lxm": lxm} if lxm else {})))
    too_far = (bounds["tooFar"], bounds["error"])
    expect(SERVICE_AUTH, "exp: past", asked(-60), (bounds["past"], bounds["error"]))
    expect(SERVICE_AUTH, "exp: maxSeconds", (asked(bounds["maxSeconds"] - 60), asked(bounds["maxSeconds"] + 60)),
           ((200, None), too_far))
    expect(SERVICE_AUTH, "exp: methodlessMaxSeconds", (asked(bounds["methodlessMaxSeconds"] - 20, None),
                                                       asked(bounds["methodlessMaxSeconds"] + 60, None)),
           ((200, None), too_far))
    checked.add(SERVICE_AUTH)
    limits = lambda token: call("GET", host(LIMITS), "/xrpc/app.bsky.video.getUploadLimits", token)
    upload = lambda token, data, did=made["did"], kind="video/mp4": call(
        "POST", host(UPLOAD), "/xrpc/app.bsky.video.uploadVideo", token, raw=data, content_type=kind,
        query={"did": did, "name": secrets.token_hex(6) + ".mp4"})
    token_checks(LIMITS, table[LIMITS], limits, made, {
        "wrongAud": service(pds_did, limits_lxm), "wrongLxm": service(video_did, upload_lxm)})
    row = table[LIMITS]
    good_limits = service(video_did, limits_lxm)
    expect(LIMITS, "daily", limits(good_limits)[:2], (200, {"canUpload": True, "remainingDailyVideos": row["daily"][
        "videos"], "remainingDailyBytes": row["daily"]["bytes"]}))
    good = service(pds_did, upload_lxm, now + 1800)
    data = clip()
    token_checks(UPLOAD, table[UPLOAD], lambda token: upload(token, data), made, {
        "wrongAud": service(video_did, upload_lxm, now + 1800), "wrongLxm": service(pds_did, limits_lxm, now + 1800)})
    expect(UPLOAD, "otherDid", error(upload(good, data, "did:plc:" + "nobody".ljust(24, "x"))),
           (table[UPLOAD]["otherDid"]["status"], table[UPLOAD]["otherDid"]["error"]))
    before = limits(good_limits)[1]
    first = upload(good, data)
    answer = table[UPLOAD]["answer"]
    expect(UPLOAD, "answer", (first[0], sorted(first[1]), first[1].get("state"), first[1].get("did")),
           (200, answer["keys"], answer["state"], made["did"]))
    after = limits(good_limits)[1]
    expect(LIMITS, "afterUpload", "one video and its bytes fewer" if (
        before["remainingDailyVideos"] - after["remainingDailyVideos"],
        before["remainingDailyBytes"] - after["remainingDailyBytes"]) == (1, len(data)) else (before, after),
        row["repeats"]["afterUpload"])
    blob = check_job_status(table[JOB], made, first[1].get("jobId"), host(JOB))
    check_upload_repeats(table, made, upload, good, data, first[1], blob, limits, good_limits)
    check_video_endings(table[JOB], upload, good)
    # Expired service tokens: one with the default lifetime, one of the upload's asked to end soon.
    short, soon = service(video_did, limits_lxm), service(pds_did, upload_lxm, server_now(IDS["full"]) + 30)
    first_use = limits(short)[0]
    fault({"method": "clock", "advance": table[SERVICE_AUTH]["exp"]["defaultSeconds"] + 5})
    for request, ask_with in ((LIMITS, lambda: limits(short)), (UPLOAD, lambda: upload(soon, clip()))):
        expired = table[request]["expiredError"]
        expect(request, "expired", error(ask_with()), (expired["status"], expired["error"]))
    expect(SERVICE_AUTH, "exp: defaultSeconds", first_use, 200)
    checked.update((LIMITS, UPLOAD, JOB))


def token_checks(request, row, ask_with, made, tokens):
    """The service's token checks: none, the account's access JWT, and tokens for another audience or
    method."""
    expect(request, "noToken", error(ask_with(None)), (row["noToken"], row["noTokenError"]))
    for check, token in dict(tokens, accessJwt=made["accessJwt"]).items():
        expect(request, check, error(ask_with(token)), (row[check]["status"], row[check]["error"]))


def poll_job(host, job_id):
    """getJobStatus until the job is done (or failed): every answer, in order."""
    answers = []
    while len(answers) < 20:
        answers.append(call("GET", host, "/xrpc/app.bsky.video.getJobStatus", query={"jobId": job_id}))
        if (answers[-1][1].get("jobStatus") or {}).get("state") in ("JOB_STATE_COMPLETED", "JOB_STATE_FAILED", None):
            break
    return answers


def check_job_status(row, made, job_id, host):
    """The job's walk to its blob, and the post naming it; the completed job's blob."""
    answers = poll_job(host, job_id)
    statuses = [answer[1].get("jobStatus") or {} for answer in answers]
    expect(JOB, "noToken", answers[0][0], row["noToken"])
    expect(JOB, "states", [status.get("state") for status in statuses], row["states"])
    expect(JOB, "processingPolls", len(statuses) - 1, row["processingPolls"])
    expect(JOB, "progressIn", sorted({s["state"] for s in statuses if "progress" in s}), [row["progressIn"]])
    again = call("GET", host, "/xrpc/app.bsky.video.getJobStatus", query={"jobId": job_id})
    same = row["repeats"]["again"]
    expect(JOB, "again", same if again[:2] == answers[-1][:2] else again[:2], same)
    blob = statuses[-1].get("blob") or {}
    expect(JOB, "completed: blob", blob.get("mimeType"), row["completed"]["blob"])
    embed = {"$type": "app.bsky.embed.video", "video": blob, "presentation": "gif"}
    written = xrpc("POST", "com.atproto.repo.createRecord", made["accessJwt"], json_body={
        "repo": made["did"], "collection": POST, "rkey": tid(), "record": post_with(embed)})
    expect(JOB, "completed: record", written[0], row["completed"]["record"])
    expect(JOB, "unknownJob", error(call("GET", host, "/xrpc/app.bsky.video.getJobStatus", query={
        "jobId": "nosuchjob"})), (row["unknownJob"], row["unknownJobError"]))
    with open(os.path.join(DIR, "state.json")) as file:
        job = next(j for j in json.load(file)["videoJobs"] if j["jobId"] == job_id)
    with open(os.path.join(DIR, job["file"]), "rb") as file:
        kept = hashlib.sha256(file.read()).hexdigest() == job["sha256"] and job["blob"] == blob["ref"]["$link"]
    expect(JOB, "standIn: kept", row["standIn"]["kept"] if kept else job, row["standIn"]["kept"])
    return blob


def check_upload_repeats(table, made, upload, good, data, first, blob, limits, good_limits):
    """The same bytes again; an account that may not upload (email, daily count); too many bytes."""
    row = table[UPLOAD]
    before = limits(good_limits)[1]
    again = upload(good, data)
    dedupe = row["dedupe"]
    expect(UPLOAD, "dedupe", (again[0], again[1].get("error"), again[1].get("message"), again[1].get("state"),
                              again[1].get("jobId") == first.get("jobId"), again[1].get("blob") == blob),
           (dedupe["status"], dedupe["error"], dedupe["message"], dedupe["state"], True, True))
    expect(UPLOAD, "dedupe: counts", limits(good_limits)[1] != before, dedupe["counts"])
    accounts(blueskyEmailUnconfirmed=True)
    unconfirmed = limits(good_limits)[1]
    expect(LIMITS, "unconfirmedEmail", {key: unconfirmed.get(key) for key in table[LIMITS]["unconfirmedEmail"]},
           table[LIMITS]["unconfirmedEmail"])
    expect(UPLOAD, "unconfirmedEmail", upload(good, clip())[:2], (row["unconfirmedEmail"]["status"], {
        "jobStatus": row["unconfirmedEmail"]["jobStatus"]}))
    accounts(blueskyEmailUnconfirmed=False)
    used = table[LIMITS]["daily"]["videos"] - limits(good_limits)[1]["remainingDailyVideos"]
    accounts(blueskyVideoDailyVideos=used)
    over = limits(good_limits)[1]
    expect(LIMITS, "overDailyVideos", {key: over.get(key) for key in table[LIMITS]["overDailyVideos"]},
           table[LIMITS]["overDailyVideos"])
    expect(UPLOAD, "overDailyVideos", error(upload(good, clip())),
           (row["overDailyVideos"]["status"], row["overDailyVideos"]["error"]))
    accounts(blueskyVideoDailyVideos=table[LIMITS]["daily"]["videos"])
    large = row["tooLarge"]
    size = large["maxBytes"] + 1
    expect(UPLOAD, "tooLarge", error(upload(good, bytes(size))),
           (large["status"], large["error"].replace("N", str(size), 1)))


def check_video_endings(row, upload, good):
    """Jobs that fail: the service's processing (blueskyVideoFails), a video over the longest."""
    def ending(data):
        made = upload(good, data)
        job_id = made[1].get("jobId") if isinstance(made[1], dict) else None
        if not job_id:  # no job: the upload's answer is the mismatch
            return made[:2]
        status = poll_job(row["hosts"][0], job_id)[-1][1].get("jobStatus") or {}
        return {key: str(value).replace(job_id, "<jobId>") for key, value in status.items()
                if key in ("state", "error", "message", "failureCode")}
    accounts(blueskyVideoFails=True)
    expect(JOB, "failed", ending(clip()), row["failed"])
    accounts(blueskyVideoFails=False)
    longest = row["tooLong"]["maxSeconds"]
    short, long = ending(clip(longest - 10, 1, (16, 16))), ending(clip(longest + 10, 1, (16, 16)))
    state = short.get("state") if isinstance(short, dict) else short
    expect(JOB, "tooLong", (state, long), ("JOB_STATE_COMPLETED", {
        key: value for key, value in row["tooLong"].items() if key != "maxSeconds"}))


count = check_mastodon() + check_bluesky()
print("checked %d rows with %d checks" % (count, len(results)))
sys.exit(0 if all(results) else 1)
