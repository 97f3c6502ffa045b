"""What the Mastodon stand-in checks of a status's options, as PostStatusService and the Status model
do, and stricter where Mastodon is lenient, so that a wrong value fails a test instead of vanishing:
- `visibility` is one of Mastodon's four words (an unknown one is a 422, as Rails' enum makes it);
- `language` is an ISO 639-1 code that names a language (Mastodon drops an unknown one silently:
  here it is a 422);
- `sensitive` is a JSON boolean; a content warning makes the status sensitive, as Mastodon does;
- `spoiler_text` counts with the text against the limit ([spoiler_text, text].join, both stripped,
  each URL as `url_length` characters; code points stand in for grapheme clusters).
`store` keeps a status as POST /api/v1/statuses makes it (and a scheduled status's publication).
Mastodon 4.5's quotes (`check_quote`; docs/servers.md, POST /api/v1/statuses, "Quotes", read at
6f1a30c4a6, "Bump version to v4.5.0" on main): accounts.json "mastodonApiVersion"
is the server's API version, 7 (4.5.0) unless given (-1: a server before 4.0, whose
`/api/v2/instance` is 404); from 7 on `quoted_status_id` names a status this
server has that its account may quote (else 404), `quote_approval_policy` is public, followers or nobody
(else 422 "Record invalid"; absent: the account's default, accounts.json "mastodonQuotePolicy", public
unless given), and the status answers `quote` and
`quote_approval`; below 7 both parameters are ignored, as Rails drops what a controller does not permit
(6: 4.4, whose statuses carry a `quote` that is null; 0: before 4.3, no `api_versions` at all)."""
import json, re

import standin_lookup as lookup
import standin_media as media
import standin_words as words

VISIBILITIES = ("public", "unlisted", "private", "direct")
QUOTES_FROM = 7  # lib/mastodon/version.rb api_versions at 4.5.0 (e1f7847b64 made quotes unconditional)
POLICY_KEYS = {"public": ["public"], "followers": ["followers"], "nobody": []}  # interaction_policies_concern.rb
QUOTE_MISSING = "The post you are trying to quote does not appear to exist."  # statuses.errors.quoted_status_not_found


def iso_639_1():
    with open("/usr/share/iso-codes/json/iso_639-2.json") as listing:
        return {entry["alpha_2"] for entry in json.load(listing)["639-2"] if "alpha_2" in entry}


LANGUAGES = iso_639_1()


def check_options(body, text, limit, url_length, failure, accounts=None):
    """The status's options as Mastodon keeps them; `failure(status, message)` for what it refuses,
    in the account's words where Mastodon translates them (standin_words)."""
    visibility = body.get("visibility")
    if visibility is not None and visibility not in VISIBILITIES:
        raise failure(422, "Validation failed: Visibility is not included in the list")
    language = body.get("language")
    if language is not None and language not in LANGUAGES:
        raise failure(422, "Validation failed: Language is not a known ISO 639-1 code")
    sensitive = body.get("sensitive", False)
    if not isinstance(sensitive, bool):
        raise failure(422, "Validation failed: Sensitive must be true or false")
    spoiler = body.get("spoiler_text") or ""
    if not isinstance(spoiler, str):
        raise failure(422, "Validation failed: Spoiler text must be text")
    counted = spoiler.strip() + re.sub(r"https?://\S+", "x" * url_length, text.strip())
    if len(counted) > limit:
        raise failure(422, "Validation failed: Text " + words.say(accounts or {}, "statuses.over_character_limit",
                                                                  max=limit))
    return {"spoiler_text": spoiler.strip(), "visibility": visibility, "language": language,
            "sensitive": sensitive or bool(spoiler.strip())}


def store(state, host, username, text, options, parent, attached, key, now, default_visibility, quote=None):
    """The status made, its media attached to it; its JSON as the API answers it. `quote`: what
    check_quote found (None: as before 4.4, no quote fields)."""
    number = str(110000000000000000 + len(state["statuses"]) + 1)
    visibility = options["visibility"] or default_visibility
    quoted = (quote or {}).get("quoted")
    if quoted and quoted["json"].get("visibility") == "private" and visibility in ("public", "unlisted"):
        visibility = "private"  # preprocess_attributes!: a quote of a followers-only post is one too
    json_status = {"id": number, "url": "https://%s/@%s/%s" % (host, username, number),
                   "account": {"id": "1", "username": username, "acct": username},
                   "mentions": [{"acct": acct} for acct in re.findall(r"@([\w.]+@[\w.-]+\w)", text)],
                   "uri": "https://%s/users/%s/statuses/%s" % (host, username, number),
                   "content": "<p>%s</p>" % text, "visibility": visibility,
                   "spoiler_text": options["spoiler_text"], "sensitive": options["sensitive"],
                   "in_reply_to_id": parent, "language": options["language"], "created_at": lookup.rfc3339(now),
                   "edited_at": None, "reblog": None,
                   "media_attachments": [media.media_json(item, now) for item in attached]}
    for item in attached:
        item["status"] = number
    state["statuses"].append({"key": key, "account": username, "text": text, "json": json_status,
                              "in_reply_to_id": parent, "language": options["language"],
                              "visibility": options["visibility"], "spoiler_text": options["spoiler_text"],
                              "sensitive": options["sensitive"], "stored": now,
                              "media": [item["id"] for item in attached], "host": host})
    if quote is not None:
        # downgrade_quote_policy: this server's private or direct post is quotable by no one else.
        policy = quote["policy"] and (quote["policy"] if visibility in ("public", "unlisted") else "nobody")
        json_status.update(quote_fields(quote, policy, visibility))
        state["statuses"][-1].update({"quoted_status_id": quoted and quoted["json"]["id"],
                                      "quote_approval_policy": policy})  # as kept; None: ignored
    return json_status


def api_version(accounts):
    return accounts.get("mastodonApiVersion", QUOTES_FROM)


def instance_version(accounts):
    """GET /api/v2/instance's `version` and `api_versions` (none before 4.3, where it came with 2)."""
    number = api_version(accounts)
    version = "4.5.0" if number >= 7 else "4.4.0" if number == 6 else "4.3.0" if number else "4.2.0"
    return {"version": version} | ({"api_versions": {"mastodon": number}} if number else {})


def quote_policy_for(status, username):
    """Status#quote_policy_for_account for the token's account: the author always may (unless
    direct); others by the status's policy. The stand-in's account follows no one, so "followers"
    lets it in nowhere; a private status of another is not shown to it (StatusPolicy#show?)."""
    json_status = status["json"]
    if json_status.get("visibility") == "direct" or json_status.get("reblog"):
        return "denied"
    if status["account"] == username and "@" not in json_status["account"]["acct"]:
        return "automatic"
    approval = json_status.get("quote_approval") or {}
    if json_status.get("visibility") == "private":
        return "denied"
    for kind in ("automatic", "manual"):
        if "public" in approval.get(kind, []):
            return kind
    if "unsupported_policy" in approval.get("automatic", []) + approval.get("manual", []):
        return "unknown"
    return "denied"  # a remote post with no policy at all: 0, nobody may quote it


def check_quote(state, host, username, body, accounts, failure):
    """Api::V1::StatusesController's set_quoted_status (a before_action: before the Idempotency-Key
    is looked at) and quote_approval_policy; {"version", "quoted": the stored status or None,
    "policy": the policy's word or None when the server ignores it}."""
    number = api_version(accounts)
    if number < QUOTES_FROM:
        return {"version": number, "quoted": None, "policy": None}
    quoted, wanted = None, body.get("quoted_status_id")
    if wanted not in (None, ""):  # .present?
        quoted = next((s for s in state["statuses"] if s["json"]["id"] == str(wanted) and s.get("host") == host), None)
        if quoted is not None and quoted["json"].get("reblog"):  # Status.find(...)&.proper
            quoted = next((s for s in state["statuses"] if s["json"]["id"] == quoted["json"]["reblog"].get("id")
                           and s.get("host") == host), quoted)
        if quoted is None or quote_policy_for(quoted, username) == "denied":
            raise failure(404, QUOTE_MISSING)
    policy = body.get("quote_approval_policy")
    # .presence || current_user.setting_default_quote_policy: not always public (the 4.5.0 migration
    # set nobody or followers by the default visibility; docs/servers.md, gaps 7)
    policy = accounts.get("mastodonQuotePolicy", "public") if policy in (None, "", False) else policy
    if not isinstance(policy, str) or policy not in POLICY_KEYS:
        raise failure(422, "Record invalid")  # a bare ActiveRecord::RecordInvalid
    visibility = body.get("visibility") or accounts.get("mastodonPrivacy", "unlisted")
    acct = quoted and quoted["json"]["account"]["acct"]
    if quoted and visibility == "direct" and acct != username and not re.search(
            r"(?<![\w@])@%s(?![\w@.-])" % re.escape(acct), body.get("status") or ""):
        # safeguard_private_mention_quote!
        raise failure(422, "Validation failed: Cannot quote a non-mentioned user in a Private Mention post.")
    return {"version": number, "quoted": quoted, "policy": policy}


def quote_fields(quote, policy, visibility):
    """REST::StatusSerializer's `quote` (REST::QuoteSerializer) and `quote_approval` at 4.5; 4.4's
    `quote` alone (always null for a status made through the API); nothing before."""
    if quote["version"] < QUOTES_FROM:
        return {"quote": None} if quote["version"] == 6 else {}
    quoted = quote["quoted"]
    answer = None
    if quoted is not None:
        # attach_quote!: accepted at once when the quoted post is this server's; else pending (a
        # QuoteRequest goes to its server), and a pending quote shows no status.
        local = "@" not in quoted["json"]["account"]["acct"]
        answer = {"state": "accepted", "quoted_status": shallow(quoted["json"])} if local else {
            "state": "pending", "quoted_status": None}
    return {"quote": answer, "quote_approval": {
        "automatic": POLICY_KEYS[policy], "manual": [],
        "current_user": "denied" if visibility == "direct" else "automatic"}}


def shallow(json_status):
    """REST::ShallowStatusSerializer: the status, its own quote as REST::ShallowQuoteSerializer."""
    inner = json_status.get("quote")
    return dict(json_status, quote=inner and {"state": inner["state"], "quoted_status_id": (
        inner.get("quoted_status") or {}).get("id")})
