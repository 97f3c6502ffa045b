"""What the Mastodon stand-in checks of a status's options, as PostStatusService and the Status model
do, and stricter where Mastodon is lenient, so that a wrong value fails a test instead of vanishing:
- `visibility` is one of Mastodon's four words (an unknown one is a 422, as Rails' enum makes it);
- `language` is an ISO 639-1 code that names a language (Mastodon drops an unknown one silently:
  here it is a 422);
- `sensitive` is a JSON boolean; a content warning makes the status sensitive, as Mastodon does;
- `spoiler_text` counts with the text against the limit ([spoiler_text, text].join, both stripped,
  each URL as `url_length` characters; code points stand in for grapheme clusters).
`store` keeps a status as POST /api/v1/statuses makes it (and a scheduled status's publication)."""
import json, re

import standin_lookup as lookup
import standin_media as media

VISIBILITIES = ("public", "unlisted", "private", "direct")


def iso_639_1():
    with open("/usr/share/iso-codes/json/iso_639-2.json") as listing:
        return {entry["alpha_2"] for entry in json.load(listing)["639-2"] if "alpha_2" in entry}


LANGUAGES = iso_639_1()


def check_options(body, text, limit, url_length, failure):
    """The status's options as Mastodon keeps them; `failure(status, message)` for what it refuses."""
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
        raise failure(422, "Validation failed: Text character limit of %d exceeded" % limit)
    return {"spoiler_text": spoiler.strip(), "visibility": visibility, "language": language,
            "sensitive": sensitive or bool(spoiler.strip())}


def store(state, host, username, text, options, parent, attached, key, now, default_visibility):
    """The status made, its media attached to it; its JSON as the API answers it."""
    number = str(110000000000000000 + len(state["statuses"]) + 1)
    json_status = {"id": number, "url": "https://%s/@%s/%s" % (host, username, number),
                   "account": {"id": "1", "username": username, "acct": username},
                   "mentions": [{"acct": acct} for acct in re.findall(r"@([\w.]+@[\w.-]+\w)", text)],
                   "uri": "https://%s/users/%s/statuses/%s" % (host, username, number),
                   "content": "<p>%s</p>" % text, "visibility": options["visibility"] or default_visibility,
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
    return json_status
