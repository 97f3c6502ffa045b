#!/bin/sh
# A person's default browser for the sign-in tests, already signed in to the server: it opens the
# page it is given, as a person reads it, then answers the authorization form as DECISION says:
# approve, deny, ignore (the person walks away: the page stays open, unanswered), or
# forge-then-approve (a page elsewhere first calls the loopback redirect with a
# state it made up, on another path, and on another address of the machine; how the listener
# answered goes to OUT/forged). Where the redirect lands, it
# follows, as a browser does. Usage: oauth-browser.sh OUT DECISION URL (registered with %u).
set -eu
out=$1 decision=$2 url=$3
printf '%s\n' "$url" >> "$out/opened"
curl -sS --fail -o /dev/null "$url"
[ "$decision" = ignore ] && exit 0
if [ "$decision" = forge-then-approve ]; then
    redirect=$(python3 -c 'import sys, urllib.parse as u; print(dict(u.parse_qsl(u.urlsplit(sys.argv[1]).query))["redirect_uri"])' "$url")
    curl -s -o /dev/null -w '%{http_code}\n' "$redirect?code=forged&state=made-up" >> "$out/forged"
    curl -s -o /dev/null -w '%{http_code}\n' "${redirect%/callback}/elsewhere" >> "$out/forged"
    # The listener is on 127.0.0.1 alone: another address of this machine finds nothing (000).
    other=$(printf '%s' "$redirect" | sed 's/127\.0\.0\.1/10.255.255.1/')
    curl -s -o /dev/null -w '%{http_code}\n' "$other?code=forged&state=made-up" >> "$out/forged" || true
    decision=approve
fi
# The form posts back to the same address; its 302 leads to the loopback listener.
curl -sS -L -o "$out/landed" -w '%{http_code}\n' --data "decision=$decision" "$url" >> "$out/landed-status"
