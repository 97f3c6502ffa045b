"""A com.atproto.repo.createRecord body (JSON on standard input) checked against the lexicons by the
atproto SDK's models (PyPI `atproto`, `make atproto`), string formats included (DIDs, datetimes,
language tags, URIs), and its record key as a TID; or an applyWrites body, each write's record
checked the same way. A post, a threadgate or a postgate, by its collection. Exit 0 and "valid", or
1 and the reasons.

    .build/atproto/bin/python scripts/check-bluesky-record.py < body.json
"""
import json
import sys

from atproto import models
from atproto_client.models import string_formats

STRICT = {"strict_string_format": True}


RECORDS = {
    "app.bsky.feed.post": models.AppBskyFeedPost.Record,
    "app.bsky.feed.threadgate": models.AppBskyFeedThreadgate.Record,
    "app.bsky.feed.postgate": models.AppBskyFeedPostgate.Record,
}


def check(collection, record, rkey):
    RECORDS[collection].model_validate(record, context=STRICT)
    string_formats.validate_tid(rkey, None)


def main():
    body = json.load(sys.stdin)
    try:
        if "writes" in body:
            models.ComAtprotoRepoApplyWrites.Data.model_validate(body, context=STRICT)
            for write in body["writes"]:
                check(write["collection"], write["value"], write["rkey"])
        else:
            models.ComAtprotoRepoCreateRecord.Data.model_validate(body, context=STRICT)
            check(body["collection"], body["record"], body["rkey"])
    except (ValueError, KeyError) as error:  # pydantic's ValidationError is a ValueError
        print(error)
        return 1
    print("valid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
