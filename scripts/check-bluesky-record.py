"""A com.atproto.repo.createRecord body (JSON on standard input) checked against the lexicons by the
atproto SDK's models (PyPI `atproto`, `make atproto`), string formats included (DIDs, datetimes,
language tags, URIs), and its record key as a TID. Exit 0 and "valid", or 1 and the reasons.

    .build/atproto/bin/python scripts/check-bluesky-record.py < body.json
"""
import json
import sys

from atproto import models
from atproto_client.models import string_formats

STRICT = {"strict_string_format": True}


def main():
    body = json.load(sys.stdin)
    try:
        models.ComAtprotoRepoCreateRecord.Data.model_validate(body, context=STRICT)
        models.AppBskyFeedPost.Record.model_validate(body["record"], context=STRICT)
        string_formats.validate_tid(body["rkey"], None)
    except (ValueError, KeyError) as error:  # pydantic's ValidationError is a ValueError
        print(error)
        return 1
    print("valid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
