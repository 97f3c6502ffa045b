"""Bluesky's com.atproto.repo.applyWrites in the stand-in, and what it and createRecord check of a
post's quote embed and of its gates, as docs/servers.md reads the PDS (atproto d6296a1c:
packages/pds/src/api/com/atproto/repo/applyWrites.ts, repo/prepare.ts, actor-store/repo/transactor.ts;
lexicons app.bsky.feed.threadgate, postgate, app.bsky.embed.record, recordWithMedia):
- the input first: `repo` and `writes` required, each write one of #create, #update, #delete (a closed
  union); then the repo: an unknown one 403 AccountNotFound, another account's 401
  AuthenticationRequired; more than 200 writes 400 "Too many writes. Max: 200";
- each write prepared in order, the first failing one answering: its record's $type (filled in when
  absent), its key (a TID for the lexicons the PDS knows), its record against the lexicon
  ("Invalid C record: … at $.writes[i].record…"), a post's reply, images or card as createRecord's;
- then the keys: one already taken, or taken twice in the batch, is the MST's plain Error: 500, and
  nothing of the batch is written. Otherwise every record is kept as createRecord keeps one (with
  "via": "applyWrites"), and the answer is {"commit": {"cid", "rev"}, "results": [createResult…]}.
Stricter than a PDS on purpose, so that a wrong request fails its test (the PDS stores these, and
the AppView then ignores them or shows nothing):
- a gate's `post` is the post at the gate's own key in the same repo (at://DID/app.bsky.feed.post/KEY),
  stored or written in the same batch (the AppView's indexer drops any other gate:
  packages/bsky/src/data-plane/server/indexing/plugins/thread-gate.ts:22-26, post-gate.ts:22-26);
- a rule's $type is one the lexicon names (its union is open: a PDS takes any, and no one matches it);
- a quote's strongRef names a stored record with that very cid; a recordWithMedia's media is images,
  a video or a card (what the stand-in models);
- only creates: an update or a delete is 400 (compose-window sends neither); `validate` is ignored
  (always validated)."""
import re, secrets, time

import standin_media as media

WRITE_TYPES = ["com.atproto.repo.applyWrites#" + name for name in ("create", "update", "delete")]
MAX_WRITES = 200
POST, THREADGATE, POSTGATE = "app.bsky.feed.post", "app.bsky.feed.threadgate", "app.bsky.feed.postgate"
# collection: (rules' field, rules the union names, its name in the AppView's message, (URI list, its most))
GATES = {THREADGATE: ("allow", {THREADGATE + "#" + r for r in ("mentionRule", "followerRule", "followingRule",
                                                                  "listRule")}, "thread gate", ("hiddenReplies", 300)),
         POSTGATE: ("embeddingRules", {POSTGATE + "#disableRule"}, "post gate", ("detachedEmbeddingUris", 50))}
MAX_RULES = 5  # allow and embeddingRules: maxLength 5
RECORD_EMBED, WITH_MEDIA = "app.bsky.embed.record", "app.bsky.embed.recordWithMedia"
MEDIA = ("app.bsky.embed.images", "app.bsky.embed.video", "app.bsky.embed.external")
TID = re.compile(r"[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}")
RECORD_KEY = re.compile(r"[A-Za-z0-9._:~-]{1,512}")
# packages/syntax: datetime.ts DATETIME_REGEX; a DID, a handle, an NSID and a record key for at-uri.
DATETIME = re.compile(r"[0-9]{4}-(0[1-9]|1[012])-([0-2][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)"
                      r"(\.[0-9]+)?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])")
LABEL = r"[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
AT_URI = re.compile(r"at://(did:[a-z]+:[a-zA-Z0-9._:%%-]*[a-zA-Z0-9._-]|(%s\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}"
                    r"[a-zA-Z0-9])?)(/[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z0-9-]+){2,}(/[A-Za-z0-9._:~-]{1,512})?)?" % LABEL)


def shown(value):
    """A value as lex-schema's messages show it (validation-issue.ts stringifyValue), in short."""
    if isinstance(value, str):
        return '"%s"' % value
    return {dict: "{…}", list: "[…]", type(None): "null"}.get(type(value), str(value).lower())


def is_datetime(value):
    return (isinstance(value, str) and len(value) <= 64 and not value.endswith("-00:00")
            and DATETIME.fullmatch(value) is not None)


def is_at_uri(value):
    return isinstance(value, str) and AT_URI.fullmatch(value) is not None


def tid():
    """A TID now (microseconds, then a clock id), base32-sortable: a commit's rev, a key not given."""
    number, out = int(time.time() * 1e6) << 10 | secrets.randbelow(1024), ""
    for _ in range(13):
        out, number = "234567abcdefghijklmnopqrstuvwxyz"[number & 31] + out, number >> 5
    return out


def stored(state, uri, cid=None):
    return any(r["uri"] == uri and (cid is None or r["cid"] == cid) for r in state["records"])


def check_record(state, session, collection, rkey, record, failure, path="$.record", batch=()):
    """What the stand-in checks beyond standin.py of a record created (createRecord's and each of
    applyWrites'): a post's quote embed, a gate's lexicon and its post. `batch`: the post URIs
    written with it."""
    if not isinstance(record, dict):
        return
    if collection == POST:
        check_quote(state, session, record, path, failure)
    elif collection in GATES:
        check_gate(state, session["did"], collection, rkey, record, path, batch, failure)


def invalid(failure, collection, message, path):
    """prepare.ts validateRecord's InvalidRecordError, answered 400 InvalidRequest."""
    return failure(400, "InvalidRequest", "Invalid %s record: %s at %s" % (collection, message, path))


def require(failure, collection, value, keys, path):
    if not isinstance(value, dict):
        raise invalid(failure, collection, "Expected object value type (got %s)" % shown(value), path)
    for key in keys:
        if key not in value:
            raise invalid(failure, collection, 'Missing required key "%s"' % key, path)


def check_quote(state, session, record, path, failure):
    """app.bsky.embed.record, or recordWithMedia (a `record` that is an embed.record, and `media`)."""
    embed = record.get("embed")
    kind = embed.get("$type") if isinstance(embed, dict) else None
    if kind not in (RECORD_EMBED, WITH_MEDIA):
        return
    where = path + ".embed"
    if kind == WITH_MEDIA:
        require(failure, POST, embed, ("record", "media"), where)
        embed, where, chosen = embed["record"], where + ".record", embed["media"]
        require(failure, POST, embed, ("record",), where)
        if embed.get("$type", RECORD_EMBED) != RECORD_EMBED:  # a ref: its $type may be left out
            raise invalid(failure, POST, 'Expected "%s" (got %s)' % (RECORD_EMBED, shown(embed["$type"])),
                          where + ".$type")
        if not isinstance(chosen, dict) or "$type" not in chosen:
            raise invalid(failure, POST, 'Expected an object which includes the "$type" property value type '
                          "(got %s)" % shown(chosen), path + ".embed.media")
        if chosen["$type"] not in MEDIA:
            raise failure(400, "InvalidRequest", "embed.media: the stand-in takes %s only, not %s"
                          % (" or ".join(MEDIA), shown(chosen["$type"])))
    else:
        require(failure, POST, embed, ("record",), where)
    ref = embed["record"]
    require(failure, POST, ref, ("uri", "cid"), where + ".record")
    if not is_at_uri(ref["uri"]):
        raise invalid(failure, POST, "Invalid at-uri (got %s)" % shown(ref["uri"]), where + ".record.uri")
    if kind == WITH_MEDIA:  # the lexicon first, the blobs then (prepare.ts, then transactor.ts)
        media.check_embed(state, session, {"embed": chosen}, failure)
    if not stored(state, ref["uri"], ref["cid"]):
        raise failure(400, "InvalidRequest", "embed.record is no stored record with that cid")


def check_gate(state, did, collection, rkey, record, path, batch, failure):
    field, rules, name, (uris, most) = GATES[collection]
    require(failure, collection, record, ("post", "createdAt"), path)
    if not is_at_uri(record["post"]):
        raise invalid(failure, collection, "Invalid at-uri (got %s)" % shown(record["post"]), path + ".post")
    if not is_datetime(record["createdAt"]):
        raise invalid(failure, collection, "Invalid datetime (got %s)" % shown(record["createdAt"]),
                      path + ".createdAt")
    for key, limit in ((field, MAX_RULES), (uris, most)):
        items = record.get(key)
        if items is not None and not isinstance(items, list):
            raise invalid(failure, collection, "Expected array value type (got %s)" % shown(items), path + "." + key)
        if items is not None and len(items) > limit:
            raise invalid(failure, collection, "array too big (maximum %d, got %d)" % (limit, len(items)),
                          path + "." + key)
    for index, rule in enumerate(record.get(field) or []):
        at = "%s.%s[%d]" % (path, field, index)
        if not isinstance(rule, dict) or not isinstance(rule.get("$type"), str):
            raise invalid(failure, collection, 'Expected an object which includes the "$type" property value '
                          "type (got %s)" % shown(rule), at)
        if rule["$type"] not in rules:  # an open union: a PDS keeps it, and it lets no one in
            raise failure(400, "InvalidRequest", "%s: %s is no rule the lexicon names" % (at, shown(rule["$type"])))
        if rule["$type"].endswith("#listRule"):
            require(failure, collection, rule, ("list",), at)
            if not is_at_uri(rule["list"]):
                raise invalid(failure, collection, "Invalid at-uri (got %s)" % shown(rule["list"]), at + ".list")
    for index, uri in enumerate(record.get(uris) or []):
        if not is_at_uri(uri):
            raise invalid(failure, collection, "Invalid at-uri (got %s)" % shown(uri),
                          "%s.%s[%d]" % (path, uris, index))
    post = "at://%s/%s/%s" % (did, POST, rkey)
    if record["post"] != post:  # the AppView's own words when it drops such a gate
        raise failure(400, "InvalidRequest", "Creator and rkey of %s does not match its post" % name)
    if post not in batch and not stored(state, post):
        raise failure(400, "InvalidRequest", "%s names no post stored or written with it" % name)


def check_input(body, failure):
    """The input schema, checked before the handler runs (xrpc-server createSchemaInputVerifier)."""
    for key in ("repo", "writes"):
        if key not in body:
            raise failure(400, "InvalidRequest", 'Missing required key "%s" at $' % key)
    if not isinstance(body["writes"], list):
        raise failure(400, "InvalidRequest", "Expected array value type (got %s) at $.writes" % shown(body["writes"]))
    for index, write in enumerate(body["writes"]):
        at = "$.writes[%d]" % index
        if not isinstance(write, dict) or "$type" not in write:
            raise failure(400, "InvalidRequest", 'Expected an object which includes the "$type" property value type '
                          "(got %s) at %s" % (shown(write), at))
        if write["$type"] not in WRITE_TYPES:
            raise failure(400, "InvalidRequest", "Expected one of %s or %s (got %s) at %s.$type" % (
                ", ".join('"%s"' % t for t in WRITE_TYPES[:-1]), '"%s"' % WRITE_TYPES[-1], shown(write["$type"]), at))
        for key in ("collection",) + (("value",) if not write["$type"].endswith("delete") else ("rkey",)):
            if key not in write:
                raise failure(400, "InvalidRequest", 'Missing required key "%s" at %s' % (key, at))
        rkey = write.get("rkey")
        if rkey is not None and (not isinstance(rkey, str) or not RECORD_KEY.fullmatch(rkey) or rkey in (".", "..")):
            raise failure(400, "InvalidRequest", "Invalid record key (got %s) at %s.rkey" % (shown(rkey), at))


def apply_writes(state, session, body, repos, check_reply, failure):
    """POST com.atproto.repo.applyWrites for `session` (auth already passed). `repos`: each account's
    handle and DID to its DID (findAccount); `check_reply`: standin.py's reply check."""
    check_input(body, failure)
    did = repos.get(body["repo"])
    if did is None:
        raise failure(403, "AccountNotFound", "Account not found")
    if did != session["did"]:
        raise failure(401, "AuthenticationRequired", "Authentication Required")
    writes = body["writes"]
    if len(writes) > MAX_WRITES:
        raise failure(400, "InvalidRequest", "Too many writes. Max: %d" % MAX_WRITES)
    if any(not write["$type"].endswith("#create") for write in writes):
        raise failure(400, "InvalidRequest", "the stand-in takes creates only (compose-window sends no other)")
    keyed = [(w["collection"], w.get("rkey") or tid(), w["value"]) for w in writes]
    batch = {"at://%s/%s/%s" % (did, c, k) for c, k, _ in keyed if c == POST}
    prepared = []
    for index, (collection, rkey, value) in enumerate(keyed):  # prepareCreate, in order
        if not isinstance(value, dict):
            raise failure(400, "InvalidRequest", "Expected object value type (got %s) at $.writes[%d].value"
                          % (shown(value), index))
        if value.get("$type", collection) != collection:
            raise failure(400, "InvalidRequest", "Invalid $type: expected %s, got %s" % (collection, value["$type"]))
        value = dict(value, **{"$type": collection})
        known = collection in (POST,) + tuple(GATES)
        if known and not TID.fullmatch(rkey):  # the lexicon's "key": "tid"
            raise failure(400, "InvalidRequest", "Invalid record key for %s: Invalid TID string (got %s)"
                          % (collection, shown(rkey)))
        path = "$.writes[%d].record" % index
        if collection == POST:
            require(failure, POST, value, ("text", "createdAt"), path)
            if not is_datetime(value["createdAt"]):
                raise invalid(failure, POST, "Invalid datetime (got %s)" % shown(value["createdAt"]),
                              path + ".createdAt")
            media.check_embed(state, session, value, failure)  # as createRecord: the embed, then the reply
            check_reply(value)
        check_record(state, session, collection, rkey, value, failure, path, batch)
        prepared.append(("at://%s/%s/%s" % (did, collection, rkey), collection, rkey, value, known))
    uris = [uri for uri, *_ in prepared]
    if len(set(uris)) < len(uris) or any(stored(state, uri) for uri in uris):
        # MST.add throws a plain Error on a key already there: the PDS's 500, the transaction rolled back.
        raise failure(500, "InternalServerError", "Internal Server Error")
    results = []
    for uri, collection, rkey, value, known in prepared:
        cid = "bafyrei" + secrets.token_hex(20)
        state["records"].append({"uri": uri, "cid": cid, "value": value, "via": "applyWrites", "body": {
            "repo": body["repo"], "collection": collection, "rkey": rkey, "record": value}})
        results.append({"$type": "com.atproto.repo.applyWrites#createResult", "uri": uri, "cid": cid,
                        "validationStatus": "valid" if known else "unknown"})
    return {"commit": {"cid": "bafyrei" + secrets.token_hex(20), "rev": tid()}, "results": results}
