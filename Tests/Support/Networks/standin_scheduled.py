"""Mastodon's scheduled statuses in the stand-in, as docs/servers.md reads them from Mastodon's code
(PostStatusService#schedule_status!, ScheduledStatus, REST::ScheduledStatusSerializer,
Api::V1::ScheduledStatusesController, PublishScheduledStatusWorker):
- POST /api/v1/statuses with `scheduled_at`: a time that cannot be read 422 "Record invalid"; one not
  after now posts at once; one within 5 minutes 422 "Validation failed: Scheduled at date must be in
  the future"; at most 300 scheduled per account and 25 on one UTC day; otherwise a ScheduledStatus
  {"id", "scheduled_at", "params", "media_attachments"}, its id the server's plain sequence. What the
  status itself would fail on (its text, its visibility) is 422 "Record invalid". An Idempotency-Key
  is kept an hour with its id: a repeat is 404 "Record not found" (the id is looked up as a status's).
- GET /api/v1/scheduled_statuses (read or read:statuses): by id, newest first; `limit` 20 unless
  given, at most 40 (0 fails in the Link header's code: 500); max_id, since_id, min_id; a Link header
  (next when the page is full, prev when it is not empty). GET, PUT and DELETE .../:id: the account's
  own or 404 "Record not found"; PUT (write or write:statuses) changes `scheduled_at` only, validated
  again (a time that cannot be read becomes null: never published); DELETE answers {}.
- Publication: at the start of the next Mastodon request, what is due by the stand-in's clock (the
  "clock" fault moves it) is published as the worker does it at its time: the scheduled status goes
  (404 from then), a status is made from its params, created at the time it was due; one whose params
  fail then (its reply gone, its media gone or taken, its text invalid) is dropped without a word. A
  PUT on one already due within 5 minutes does not move its publication (the worker is queued)."""
import calendar, datetime, re, urllib.parse

import standin_words as words

import standin_lookup as lookup
import standin_media as media
import standin_status

MINIMUM_OFFSET = 5 * 60
TOTAL_LIMIT = 300
DAILY_LIMIT = 25
POLICIES = ("public", "followers", "nobody")
INTERNAL_ERROR = {"status": 500, "error": "Internal Server Error"}  # Rails' own answer to an exception


def ruby_to_i(text):
    """String#to_i: the leading digits, 0 without."""
    found = re.match(r"\s*[-+]?\d+", text or "")
    return int(found.group()) if found else 0


def read_time(value):
    """Seconds since the epoch of an ISO 8601 time (UTC when it names no offset); None if unreadable."""
    try:
        moment = datetime.datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is not None:
        moment = moment.astimezone(datetime.timezone.utc).replace(tzinfo=None)
    return calendar.timegm(moment.timetuple()) + moment.microsecond / 1e6


def post_time(body, now, failure):
    """preprocess_attributes!: the time to publish at; None (posted now) when absent or not ahead."""
    value = body.get("scheduled_at")
    if value is None or value == "":
        return None
    if not isinstance(value, str):  # a JSON number has no to_datetime: an exception, Rails' 500
        raise failure(500, "Internal Server Error")
    at = read_time(value)
    if at is None:  # DateTime.parse failed: ArgumentError, raised again as a bare RecordInvalid
        raise failure(422, "Record invalid")
    return at if at > now else None


def own(state, username, host):
    return [s for s in state["scheduled"] if s["account"] == username and s["host"] == host]


def day(seconds):
    return None if seconds is None else datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).date()


def validation_errors(state, username, host, at, now, accounts):
    """ScheduledStatus's validations in their order, in the account's words; the record itself
    counts on an update."""
    errors, mine = [], own(state, username, host)
    if at is not None and at <= now + MINIMUM_OFFSET:
        errors.append("Scheduled at " + words.say(accounts, "scheduled_statuses.too_soon"))
    if len(mine) >= TOTAL_LIMIT:
        errors.append(words.say(accounts, "scheduled_statuses.over_total_limit", limit=TOTAL_LIMIT))
    if at is not None and sum(day(s["scheduled_at"]) == day(at) for s in mine) >= DAILY_LIMIT:
        errors.append(words.say(accounts, "scheduled_statuses.over_daily_limit", limit=DAILY_LIMIT))
    return errors


def repeat(state, key, username, host, now, lifetime, failure, accounts):
    """A key stored for a scheduled status: found, then looked up among statuses: not there. Before
    4.2.9 (accounts.json "mastodonScheduledKeyRepeats") the key was never looked up for a scheduled
    status, so a repeat makes a second one (docs/servers.md, gaps 1)."""
    if accounts.get("mastodonScheduledKeyRepeats"):
        return
    if key and any(k["key"] == key and k["account"] == username and k["host"] == host
                   and now - k["stored"] < lifetime for k in state["scheduledKeys"]):
        raise failure(404, "Record not found")


def schedule(state, grant, host, body, at, attached, key, now, accounts, failure):
    username, text = grant["username"], body.get("status")
    policy = body.get("quote_approval_policy") or accounts.get("mastodonQuotePolicy", "public")  # the user's
    if policy not in POLICIES:
        raise failure(422, "Record invalid")
    # The status is built and validated, then thrown away: what it fails on is a bare RecordInvalid.
    # A content warning alone is moved into the text, and out of the options (preprocess_attributes!).
    spoiler = body.get("spoiler_text") or ""
    moved = not (text or "").strip() and isinstance(spoiler, str) and bool(spoiler.strip())
    if not (text or "").strip() and not moved and not attached:
        raise failure(422, "Record invalid")
    checked = {name: value for name, value in body.items() if not (moved and name == "spoiler_text")}
    try:
        standin_status.check_options(checked, spoiler if moved else (text or ""), accounts.get("mastodonLimit", 500),
                                     accounts.get("mastodonURLLength", 23), failure)
    except failure as refused:
        raise failure(422, "Record invalid") if refused.status == 422 else refused
    errors = validation_errors(state, username, host, at, now, accounts)
    if errors:
        raise failure(422, "Validation failed: " + ", ".join(errors))
    app = next((n for n, a in enumerate(state["apps"], 1) if a["client_id"] == grant["client_id"]), None)
    parent = body.get("in_reply_to_id")
    params = {"text": text, "quote_approval_policy": policy, "media_ids": body.get("media_ids"),
              "sensitive": body.get("sensitive"), "spoiler_text": body.get("spoiler_text"),
              "visibility": body.get("visibility"), "language": body.get("language"), "scheduled_at": None,
              "poll": body.get("poll"), "allowed_mentions": body.get("allowed_mentions"), "idempotency": None,
              "with_rate_limit": False, "in_reply_to_id": int(parent) if parent is not None else None,
              "application_id": app, "quoted_status_id": None}
    if moved:
        del params["spoiler_text"]
    made = state.setdefault("scheduledIds", {})  # a bigserial: 1, 2, 3 on each server
    made[host] = made.get(host, 0) + 1
    number = str(made[host])
    record = {"id": number, "host": host, "account": username, "scheduled_at": at, "params": params, "queued": None}
    state["scheduled"].append(record)
    for item in attached:
        item["scheduled"] = number
    if key:  # SETEX after the record is saved
        state["scheduledKeys"].append({"key": key, "account": username, "host": host, "stored": now})
    return scheduled_json(state, record, now)


def scheduled_json(state, record, now):
    at = record["scheduled_at"]
    return {"id": record["id"], "scheduled_at": None if at is None else lookup.rfc3339(at),
            "params": record["params"],
            "media_attachments": [media.media_json(item, now) for item in state["media"]
                                  if item.get("scheduled") == record["id"] and item["host"] == record["host"]]}


def check_scope(grant, wanted, failure):
    if not set(wanted) & set(grant["scope"].split()):
        raise failure(403, "This action is outside the authorized scopes")


def route(state, verb, path, query, body, bearer_token, host, now, failure, accounts):
    match = re.fullmatch(r"/api/v1/scheduled_statuses(?:/([^/]+))?", path)
    if not match or (match.group(1) is None and verb != "GET") or verb not in ("GET", "PUT", "PATCH", "DELETE"):
        raise failure(404, "Record not found")  # no such route
    grant = bearer_token()
    check_scope(grant, ("read", "read:statuses") if verb == "GET" else ("write", "write:statuses"), failure)
    if match.group(1) is None:
        return listing(state, grant, host, query, now, failure)
    record = next((s for s in own(state, grant["username"], host) if s["id"] == match.group(1)), None)
    if record is None:
        raise failure(404, "Record not found")
    if verb == "DELETE":
        forget(state, record)
        return {}
    if verb in ("PUT", "PATCH") and "scheduled_at" in body:  # params.permit(:scheduled_at): nothing else
        value = body["scheduled_at"]
        at = read_time(value) if isinstance(value, str) else None  # Rails casts what it cannot read to nil
        errors = validation_errors(state, grant["username"], host, at, now, accounts)
        if errors:
            raise failure(422, "Validation failed: " + ", ".join(errors))
        old = record["scheduled_at"]
        if old is not None and old <= now + MINIMUM_OFFSET and record["queued"] is None:
            record["queued"] = old  # the scheduler has (at worst) queued the worker for then
        record["scheduled_at"] = at
    elif verb in ("PUT", "PATCH"):
        errors = validation_errors(state, grant["username"], host, record["scheduled_at"], now, accounts)
        if errors:
            raise failure(422, "Validation failed: " + ", ".join(errors))
    return scheduled_json(state, record, now)


def listing(state, grant, host, query, now, failure):
    limit = min(abs(ruby_to_i(query["limit"])), 40) if "limit" in query else 20
    if limit == 0:  # records_continue? holds on an empty page; its last id is nil's: NoMethodError
        return 500, INTERNAL_ERROR
    mine = sorted(own(state, grant["username"], host), key=lambda s: int(s["id"]))
    bound = {name: ruby_to_i(query[name]) for name in ("max_id", "since_id", "min_id") if query.get(name)}
    if "max_id" in bound:
        mine = [s for s in mine if int(s["id"]) < bound["max_id"]]
    if "min_id" in bound:  # the ones just above min_id, then newest first
        page = [s for s in mine if int(s["id"]) > bound["min_id"]][:limit][::-1]
    else:
        page = [s for s in mine if int(s["id"]) > bound.get("since_id", -1)][::-1][:limit]
    base = "https://%s/api/v1/scheduled_statuses?" % host
    kept = {"limit": query["limit"]} if "limit" in query else {}
    links = []
    if len(page) == limit:
        links.append('<%s>; rel="next"' % (base + urllib.parse.urlencode(sorted((kept | {
            "max_id": page[-1]["id"]}).items()))))
    if page:
        links.append('<%s>; rel="prev"' % (base + urllib.parse.urlencode(sorted((kept | {
            "min_id": page[0]["id"]}).items()))))
    return 200, [scheduled_json(state, s, now) for s in page], ({"Link": ", ".join(links)} if links else {})


def forget(state, record):
    state["scheduled"].remove(record)
    for item in state["media"]:  # has_many :media_attachments, dependent: :nullify
        if item.get("scheduled") == record["id"] and item["host"] == record["host"]:
            item["scheduled"] = None


def publish_due(state, now, accounts, failure):
    """PublishScheduledStatusWorker at each due time: destroy!, then PostStatusService with the params;
    RecordNotFound and RecordInvalid are swallowed, and a failed job finds nothing on its retry."""
    due = [s for s in state["scheduled"] if s["scheduled_at"] is not None or s["queued"] is not None]
    due = [s for s in due if min(t for t in (s["scheduled_at"], s["queued"]) if t is not None) <= now]
    for record in sorted(due, key=lambda s: (min(t for t in (s["scheduled_at"], s["queued"]) if t is not None),
                                             int(s["id"]))):
        forget(state, record)
        published = min(t for t in (record["scheduled_at"], record["queued"]) if t is not None)
        try:
            publish(state, record, published, accounts, failure)
        except failure:
            pass


def publish(state, record, at, accounts, failure):
    params, host = record["params"], record["host"]
    parent = params.get("in_reply_to_id")
    parent = None if parent is None else str(parent)
    if parent is not None and not any(s["json"]["id"] == parent and s.get("host") == host for s in state["statuses"]):
        raise failure(404, "Record not found")  # Status.find
    grant = {"username": record["account"]}
    attached = media.attach(state, grant, params.get("media_ids") or [], at, failure)
    text = params.get("text") or ""
    if not text.strip() and not attached:
        raise failure(422, "Validation failed: Text can't be blank")
    given = {name: params.get(name) for name in ("visibility", "language", "spoiler_text")}
    given["sensitive"] = bool(params.get("sensitive"))
    options = standin_status.check_options(given, text, accounts.get("mastodonLimit", 500),
                                           accounts.get("mastodonURLLength", 23), failure)
    standin_status.store(state, host, record["account"], text, options, parent, attached, None, at,
                         accounts.get("mastodonPrivacy", "unlisted"))
