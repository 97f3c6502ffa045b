"""Account search for the stand-ins, over the people in DIR/people.json ({"mastodon": [{"acct":
"bob@other.example", "display_name": "Bob"}], "bluesky": [{"handle": "bob.bsky.social", "did":
"did:plc:…", "displayName": "Bob"}]}):
- Mastodon's GET /api/v1/accounts/search (read:accounts; `q` matched at the start of the acct or the
  display name, `@` ignored; `limit` 1 to 80, 40 unless given; `resolve=true` is refused here, so a
  client that makes the server fetch while someone types fails a test);
- Bluesky's app.bsky.actor.searchActorsTypeahead (an access token; `q`, or the deprecated `term`;
  `limit` 1 to 100, 10 unless given), each actor with its DID as people.json gives it, which
  resolveHandle does not know: a facet holding that DID came from the list."""


def limit_of(query, default, most, failure):
    try:
        limit = int(query.get("limit") or default)
    except ValueError:
        raise failure()
    if not 1 <= limit <= most:
        raise failure()
    return limit


def mastodon_accounts(people, query, MastodonFailure):
    if query.get("resolve") == "true":
        raise MastodonFailure(422, "resolve is not taken while typing")
    wanted = (query.get("q") or "").strip().lstrip("@").lower()
    if not wanted:
        return []
    limit = limit_of(query, 40, 80, lambda: MastodonFailure(422, "limit is out of range"))
    found = [p for p in people.get("mastodon", [])
             if p["acct"].lower().startswith(wanted) or p.get("display_name", "").lower().startswith(wanted)]
    return [{"id": str(100 + index), "username": person["acct"].split("@")[0], "acct": person["acct"],
             "display_name": person.get("display_name", ""), "url": "https://%s/@%s" % (
                 person["acct"].split("@")[-1], person["acct"].split("@")[0])}
            for index, person in enumerate(found[:limit])]


def bluesky_actors(people, query, Failure):
    wanted = (query.get("q") or query.get("term") or "").strip().lstrip("@").lower()
    limit = limit_of(query, 10, 100, lambda: Failure(400, "InvalidRequest", "limit must be between 1 and 100"))
    found = [p for p in people.get("bluesky", [])
             if wanted and (p["handle"].startswith(wanted) or p.get("displayName", "").lower().startswith(wanted))]
    return {"actors": [{"did": person["did"], "handle": person["handle"],
                        "displayName": person.get("displayName", "")} for person in found[:limit]]}
