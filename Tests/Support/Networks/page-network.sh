#!/bin/sh
# Runs a command in a private network for link cards' fetches, under `unshare -n -m` (root): only
# loopback, which also holds a public unicast address (93.184.216.34, example.com's own; nothing
# leaves a namespace with no other interface), so that a page server there counts as the public
# internet to the app's unchanged rule. /etc/hosts (bind-mounted, in this namespace only) puts the
# web pages' names there and intranet.example.net on 127.0.0.1: a public-looking name for this
# machine. The command runs with PAGE_NETWORK set.
set -eu
public=93.184.216.34
ip link set lo up
ip addr add "$public/32" dev lo
hosts=$(mktemp)
{ cat /etc/hosts; echo "$public pages.example.org news.example.com"; echo "127.0.0.1 intranet.example.net"; } > "$hosts"
mount --bind "$hosts" /etc/hosts
PAGE_NETWORK=$public exec "$@"
