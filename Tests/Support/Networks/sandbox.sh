#!/bin/sh
# A private desktop for compose-window's posting tests, run by `unshare -n -m` (root) so that nothing
# outside sees it: a network namespace with only loopback, where /etc/hosts points the networks' real
# names at 127.0.0.1 and the system trust bundle also holds a test CA; the HTTPS stand-ins
# (standin.py) on 127.0.0.1:443; a D-Bus session bus at DIR/bus with gnome-keyring's Secret
# Service, or, with KEYRING=none, a bus with no Secret Service. The web pages' hosts are on a public
# address instead (93.184.216.34, example.com's own, on lo: nothing leaves a namespace with no other
# interface), as link cards come from the public internet only; intranet.example.net is 127.0.0.1. Prints "ready" once all of it answers;
# TEST_CA=untrusted keeps the test CA out of the trust bundle. SIGTERM ends it all. The app under test joins it with `nsenter -t PID -n -m`.
set -eu
dir=$1
here=$(cd "$(dirname "$0")" && pwd)
names="bsky.social morel.us-east.host.bsky.network video.bsky.app mastodon.social fosstodon.org"
pages="pages.example.org news.example.com"
public=93.184.216.34
ip link set lo up
# GIO looks names up per address family with AI_ADDRCONFIG, which glibc answers only where a
# non-loopback address is configured: one on lo itself, still reaching nothing outside.
ip addr add 10.255.255.1/32 dev lo
ip addr add "$public/32" dev lo
# Online, as GIO's network monitor judges it (a default route): `--deliver` asks no server while
# the machine has no network. Its two halves are unreachable, so any address not on lo fails at
# once as on a machine without network, and nothing leaves. NO_NETWORK=1 leaves it offline.
if [ "${NO_NETWORK:-0}" != 1 ]; then
  ip route add default dev lo
  ip route add unreachable 0.0.0.0/1
  ip route add unreachable 128.0.0.0/1
fi
cd "$dir"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout ca.key -out ca.pem -days 2 \
  -subj "/CN=compose-window test CA" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout server.key -out server.csr \
  -subj "/CN=bsky.social" 2>/dev/null
printf 'subjectAltName=%s\n' "$(printf 'DNS:%s,' $names $pages | sed 's/,$//')" > server.ext
openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 \
  -extfile server.ext 2>/dev/null
# A stranger: a certificate for the same names that no trusted CA signed (the stand-in's "tls" fault).
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout stranger.key -out stranger.pem \
  -days 2 -subj "/CN=bsky.social" -addext "subjectAltName=$(printf 'DNS:%s,' $names $pages | sed 's/,$//')" 2>/dev/null
# TEST_CA=untrusted leaves the system bundle as it is: the stand-ins are then strangers to TLS.
if [ "${TEST_CA:-trusted}" = trusted ]; then
  cat /etc/ssl/certs/ca-certificates.crt ca.pem > bundle.crt
  mount --bind bundle.crt /etc/ssl/certs/ca-certificates.crt
fi
# hosts.base and names let a test point the names elsewhere, or nowhere, by rewriting hosts in place.
cp /etc/hosts hosts.base
printf '%s %s\n127.0.0.1 intranet.example.net\n' "$public" "$pages" >> hosts.base
echo "$names" > names
{ cat hosts.base; echo "127.0.0.1 $names"; } > hosts
mount --bind hosts /etc/hosts

pids=""
trap 'kill $pids 2>/dev/null; exit 0' TERM INT EXIT
# Each daemon says on a FIFO when it answers; reading it waits for exactly that.
mkfifo standin.ready bus.ready
PUBLIC_ADDRESS=$public /usr/bin/python3 "$here/standin.py" "$dir" > standin.ready 2> standin.err &
pids="$pids $!"
mkdir -p home/data home/cache home/config
if [ "${KEYRING:-}" = none ]; then
  cat > bus.conf <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=$dir/bus</listen>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>
CONF
  dbus-daemon --config-file=bus.conf --nofork --nopidfile --print-address=1 > bus.ready &
else
  dbus-daemon --session --address="unix:path=$dir/bus" --nofork --nopidfile --print-address=1 > bus.ready &
fi
pids="$pids $!"
export DBUS_SESSION_BUS_ADDRESS="unix:path=$dir/bus" HOME="$dir/home" XDG_DATA_HOME="$dir/home/data"
export XDG_RUNTIME_DIR="$dir/home"
read -r address < bus.ready
if [ "${KEYRING:-}" != none ]; then
  printf 'unlock\n' | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null 2>&1 &
  pids="$pids $!"
  gdbus wait --session --timeout 20 org.freedesktop.secrets
fi
read -r listening < standin.ready
echo ready
wait
