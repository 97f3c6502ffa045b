"""Web pages for link cards, as awkward as the web: a page with Open Graph and Twitter tags and a
picture; one with none; broken markup; a page in GBK; redirect chains and loops, and a redirect to
ftp://; a huge page whose head comes first; a slow page; a PDF; a picture over the card's limit,
one declaring 40,000 x 40,000 pixels, one whose bytes are not its type; redirects and pictures
pointing at this machine (by address and by a name that resolves to it). Used by standin.py for the
page hosts inside the posting sandbox, and on its own (python3 standin_pages.py PORTFILE [ADDRESS
[LOGFILE]]) as a plain-HTTP server for the glue's tests, in a private network of their own. Every
request is counted in HITS by path, so a test can tell what the app fetched; on its own, every
connection accepted is also logged, with the address it came to, before any request is read."""
import io, select, sys, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HITS = {}
LOCK = threading.Lock()


def png(width, height, noise=False):
    """A PNG made by hand (zlib and struct only: no PIL needed to serve one)."""
    import random, struct, zlib
    random.seed(3)
    rows = b"".join(
        b"\x00" + (bytes(random.getrandbits(8) for _ in range(width * 3)) if noise else b"\xcc\x33\x33" * width)
        for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 0 if noise else 9)) + \
        chunk(b"IEND", b"")


CARD = """<!doctype html><html><head><meta charset="utf-8">
<title>Plain title</title>
<meta name="description" content="Plain description">
<meta name="twitter:title" content="Twitter title">
<meta property="og:title" content="Pandas &amp; bamboo: 熊猫的一天">
<meta property="og:description" content="How a panda spends its day, hour by hour.">
<meta property="og:image" content="/pictures/panda.png">
</head><body><script>var x = '<meta property="og:title" content="not this">';</script><p>Text</p></body></html>"""
BROKEN = """<html><head><title>Broken <b>markup</title><meta property=og:title content=Unquoted>
<meta property="og:description" content="still read"><div><p><table></head><body><meta property="og:image"
content="https://pages.example.org/pictures/panda.png"><p>no closing tags"""
GBK = '<html><head><meta charset="gbk"><meta property="og:title" content="分享新鲜事"></head></html>'.encode("gbk")


def answer(path):
    """(status, headers, body, delay) for a path; None for 404."""
    if path == "/card":
        return 200, {"Content-Type": "text/html; charset=utf-8"}, CARD.encode(), 0
    if path == "/plain":
        return 200, {"Content-Type": "text/html"}, b"<html><body><p>No metadata at all</p></body></html>", 0
    if path == "/broken":
        return 200, {"Content-Type": "text/html"}, BROKEN.encode(), 0
    if path == "/gbk":
        return 200, {"Content-Type": "text/html"}, GBK, 0
    if path == "/gbk-header":  # its charset in the header only, as many servers in China send it
        body = '<html><head><meta property="og:title" content="分享新鲜事"></head></html>'.encode("gbk")
        return 200, {"Content-Type": "text/html; charset=GBK"}, body, 0
    if path == "/huge":
        head = CARD.split("</head>")[0].encode() + b"</head><body>"
        return 200, {"Content-Type": "text/html"}, head + b"<p>filler</p>" * (20 * 1024 * 1024 // 12), 0
    if path == "/slow":
        return 200, {"Content-Type": "text/html"}, CARD.encode(), 30
    if path == "/pdf":
        return 200, {"Content-Type": "application/pdf"}, b"%PDF-1.4", 0
    if path == "/loop":
        return 302, {"Location": "/loop"}, b"", 0
    if path.startswith("/chain/"):
        left = int(path.split("/")[2])
        location = "/card" if left == 0 else "/chain/%d" % (left - 1)
        return 301, {"Location": location}, b"", 0
    if path == "/to-ftp":
        return 302, {"Location": "ftp://pages.example.org/card"}, b"", 0
    if path == "/pictures/panda.png":
        return 200, {"Content-Type": "image/png"}, PANDA, 0
    if path == "/pictures/huge.png":
        return 200, {"Content-Type": "image/png"}, b"\x89PNG" + b"\x00" * (9 * 1024 * 1024), 0
    if path == "/pictures/vast.png":
        if not VAST:
            VAST.append(vast_png())
        return 200, {"Content-Type": "image/png"}, VAST[0], 0
    if path == "/pictures/svg-as-png":  # an SVG said to be a PNG: the PNG loader, never the SVG one
        return 200, {"Content-Type": "image/png"}, SVG, 0
    if path == "/pictures/svg":
        return 200, {"Content-Type": "image/svg+xml"}, SVG, 0
    local = "http://127.0.0.1:%d" % LOCAL["port"]
    if path == "/to-loopback":
        return 302, {"Location": local + "/card"}, b"", 0
    if path == "/to-intranet":
        return 302, {"Location": "http://intranet.example.net:%d/card" % LOCAL["port"]}, b"", 0
    if path == "/local-picture":
        page = CARD.replace("/pictures/panda.png", local + "/pictures/panda.png")
        return 200, {"Content-Type": "text/html"}, page.encode(), 0
    if path == "/huge-picture":
        page = CARD.replace("/pictures/panda.png", "/pictures/huge.png")
        return 200, {"Content-Type": "text/html"}, page.encode(), 0
    return None


PANDA = png(400, 210)
# Where "this machine" is for the pages that point at it: the stand-in's own port on loopback, by
# address and by a name the test network resolves to 127.0.0.1 (set by whoever serves the pages).
LOCAL = {"port": 80}


def vast_png():
    """A PNG that declares 40,000 x 40,000 pixels in about 200 KB: decoded, 4.8 GB (issue #61)."""
    import struct, zlib
    width, height = 40000, 40000
    packer = zlib.compressobj(9)
    row = b"\x00" * (1 + width * 3)
    data = b"".join(packer.compress(row) for _ in range(1700)) + packer.flush()

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


VAST = []  # made on first request: a second's work every sandbox would otherwise pay at start
SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'


def serve(handler, path):
    with LOCK:
        HITS[path] = HITS.get(path, 0) + 1
    found = answer(path)
    if found is None:
        handler.send_response(404)
        handler.send_header("Content-Length", "0")
        handler.end_headers()
        return
    status, headers, body, delay = found
    if delay:  # the slow server: until then, or until the client hangs up (its socket readable)
        select.select([handler.connection], [], [], delay)
    handler.send_response(status)
    for name, value in headers.items():
        handler.send_header(name, value)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    try:
        handler.wfile.write(body)
    except (BrokenPipeError, ConnectionResetError):
        pass


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        serve(self, self.path.split("?")[0])


class LoggingServer(ThreadingHTTPServer):
    """Logs each connection accepted, with the address it came to, before any request is read."""
    log = None

    def verify_request(self, request, client_address):
        if self.log:
            with LOCK, open(self.log, "a") as file:
                file.write(request.getsockname()[0] + "\n")
        return True


if __name__ == "__main__":
    LoggingServer.log = sys.argv[3] if len(sys.argv) > 3 else None
    server = LoggingServer((sys.argv[2] if len(sys.argv) > 2 else "127.0.0.1", 0), Handler)
    LOCAL["port"] = server.server_address[1]
    with open(sys.argv[1] + ".new", "w") as file:
        file.write(str(server.server_address[1]))
    import os
    os.replace(sys.argv[1] + ".new", sys.argv[1])
    server.serve_forever()
