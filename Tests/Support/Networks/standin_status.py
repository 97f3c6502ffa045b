"""What the Mastodon stand-in checks of a status's options, as PostStatusService and the Status model
do, and stricter where Mastodon is lenient, so that a wrong value fails a test instead of vanishing:
- `visibility` is one of Mastodon's four words (an unknown one is a 422, as Rails' enum makes it);
- `language` is an ISO 639-1 code that names a language (Mastodon drops an unknown one silently:
  here it is a 422);
- `sensitive` is a JSON boolean; a content warning makes the status sensitive, as Mastodon does;
- `spoiler_text` counts with the text against the limit ([spoiler_text, text].join, both stripped,
  each URL as `url_length` characters; code points stand in for grapheme clusters)."""
import json, re

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
