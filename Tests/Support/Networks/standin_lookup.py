"""What the Mastodon stand-in answers to the requests a look-up makes, as docs/servers.md says
Mastodon does (Api::V1::Accounts::StatusesController, Api::V1::Statuses::SourcesController):
- GET /api/v1/accounts/:id/statuses: a token is optional, but one without read or read:statuses
  gets 403; newest first (by id, which grows with time); `limit` 20 unless given, at most 40;
  `max_id` pages back; `exclude_reblogs=true` leaves boosts out; each status with its
  `created_at` (RFC 3339, UTC, milliseconds), `edited_at` and `reblog`;
- GET /api/v1/statuses/:id/source: a token with read or read:statuses (401 without one, 403
  without the scope); 404 for a status that is not the account's own; on a server from before
  3.5 (accounts.json "mastodonWithoutSource") the route is not there: 404 for every status; a
  status the account cannot see is 404 {"error": "Not Found"} before the token is looked at.
Faults that shape what is there (standin.py applies them at the next request):
- {"method": "seed", "statuses": [{"text": T, "age": SECONDS, "reblog": BOOL, "spoiler_text": S}]}:
  the account's own statuses, created AGE seconds ago (0: now, after every status so far);
- {"method": "edit", "text": T}: the account's newest status edited on the web to T."""
import time

SOURCE_SINCE = (3, 5)
OLD_IDS = [100000000000000000]  # below every status made "now" (110000000000000001 and on)


def rfc3339(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + ".%03dZ" % int(seconds * 1000 % 1000)


def scopes_of(grant):
    return set(grant["scope"].split()) if grant else set()


def check_read_statuses(grant, failure):
    if not {"read", "read:statuses"} & scopes_of(grant):
        raise failure(403, "This action is outside the authorized scopes")


def new_status(state, host, username, text, created, number=None, reblog=None, spoiler_text="", key=None):
    number = number or str(110000000000000000 + len(state["statuses"]) + 1)
    json_status = {"id": number, "url": "https://%s/@%s/%s" % (host, username, number),
                   "uri": "https://%s/users/%s/statuses/%s" % (host, username, number),
                   "account": {"id": "1", "username": username, "acct": username},
                   "content": "<p>%s</p>" % text, "visibility": "public", "spoiler_text": spoiler_text,
                   "sensitive": bool(spoiler_text), "in_reply_to_id": None, "language": None,
                   "created_at": rfc3339(created), "edited_at": None, "reblog": reblog, "media_attachments": [],
                   "mentions": []}
    status = {"key": key, "account": username, "text": text, "json": json_status, "in_reply_to_id": None,
              "language": None, "visibility": None, "spoiler_text": spoiler_text, "sensitive": bool(spoiler_text),
              "stored": created, "media": [], "host": host}
    state["statuses"].append(status)
    return status


def seed(state, fault, host, username, now):
    for given in fault.get("statuses", []):
        age = given.get("age", 0)
        number = None
        if age > 0:
            OLD_IDS[0] += 1
            number = str(OLD_IDS[0])
        reblog = {"id": "1", "content": "<p>someone else's</p>"} if given.get("reblog") else None
        new_status(state, host, username, given.get("text", ""), now - age, number, reblog,
                   given.get("spoiler_text", ""))


def edit_newest(state, fault, username, now):
    own = [s for s in state["statuses"] if s["account"] == username]
    if own:
        newest = max(own, key=lambda s: int(s["json"]["id"]))
        newest["text"] = fault.get("text", "")
        newest["json"]["content"] = "<p>%s</p>" % newest["text"]
        newest["json"]["edited_at"] = rfc3339(now)


def account_statuses(state, grant, username, account_id, query, failure, host=None):
    if grant is not None:
        check_read_statuses(grant, failure)
    if account_id != "1":
        raise failure(404, "Record not found")
    # limit_param: |limit.to_i|, at most twice the default; absent: the default.
    try:
        limit = min(abs(int(query["limit"])), 40) if query.get("limit") else 20
    except ValueError:
        limit = 0
    # Each server has its own statuses: an account of the same name elsewhere is another account.
    own = [s for s in state["statuses"] if s["account"] == username and s.get("host", host) == host]
    if grant is None:  # anonymous: public and unlisted only
        own = [s for s in own if s["json"]["visibility"] in ("public", "unlisted")]
    if query.get("exclude_reblogs") == "true":
        own = [s for s in own if s["json"].get("reblog") is None]
    if query.get("max_id"):
        try:
            own = [s for s in own if int(s["json"]["id"]) < int(query["max_id"])]
        except ValueError:
            own = []
    own.sort(key=lambda s: int(s["json"]["id"]), reverse=True)
    return [s["json"] for s in own[:limit]]


def status_source(state, grant, status_id, accounts, failure, host=None):
    """set_status runs before the scope check: a status the token's account cannot see is 404
    whatever the token; own statuses and anyone's public and unlisted ones are seen."""
    if accounts.get("mastodonWithoutSource"):
        raise failure(404, "Not Found")
    for status in state["statuses"]:
        if status["json"]["id"] == status_id and status.get("host", host) == host and (
                (grant and status["account"] == grant["username"])
                or status["json"]["visibility"] in ("public", "unlisted")):
            if grant is None:
                raise failure(401, "The access token is invalid")
            check_read_statuses(grant, failure)
            return {"id": status_id, "text": status["text"], "spoiler_text": status["spoiler_text"]}
    raise failure(404, "Not Found")
