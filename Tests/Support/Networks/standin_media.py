"""The stand-ins' media endpoints, as strict as the real servers: Mastodon's POST /api/v2/media
(multipart; type sniffed from the bytes, image_size_limit, image_matrix_limit, description_limit;
202 then 206 until processed when accounts.json says "mastodonProcessing": SECONDS), GET
/api/v1/media/:id (the account's own unattached media only) and what a status may name in
media_ids[] (its own, unattached, processed, at most max_media_attachments); unattached media is
deleted a day after upload (the clock fault ages it). Bluesky's uploadBlob (maxSize from
accounts.json "blobLimit", 1,000,000 unless given: BlobTooLarge above it; the CID is the bytes'
hash, so the same bytes are the same blob; keep_blob also keeps the video service's videos) and the
blobs a record's embed may name. Each upload keeps what metadata its bytes carried (EXIF, GPS, XMP,
a serial number), read by Pillow.

Videos (#62, docs/servers.md "Video"): Mastodon takes mp4, mov, webm and ogg video within
video_size_limit, video_frame_rate_limit ("60fps videos are not supported") and video_matrix_limit
("4096x2160 videos are not supported"), always answers 202 and processes for accounts.json
"mastodonVideoProcessing" seconds (2 unless given), then fails for good when it says
"mastodonProcessingFails" (GET answers 422); a video goes alone in a status ("Cannot attach a
video to a post that already contains images"); without sound it is a gifv. A Bluesky video is a
video/mp4 blob named by app.bsky.embed.video; its captions are text/vtt blobs (uploadBlob keeps them
as declared), checked as the lexicon says when the record names them (check_captions). What a
video's container carries (GPS, make, model, XMP, a creation date) is read by exiftool, a second
tool beside the app's GStreamer."""
import email.parser, email.policy, hashlib, io, json, os, subprocess, tempfile

from PIL import Image

IMAGE_SIZE_LIMIT = 16 * 1024 * 1024
MATRIX_LIMIT = 33177600
DESCRIPTION_LIMIT = 1500
MAX_ATTACHMENTS = 4
VIDEO_SIZE_LIMIT = 103809024
VIDEO_FRAME_RATE_LIMIT = 120
VIDEO_MATRIX_LIMIT = 8294400
VIDEO_TYPES = {"video/mp4", "video/quicktime", "video/webm", "video/ogg"}
# The camera's and the person's: what exiftool names, in any group. Never written by GStreamer.
VIDEO_METADATA = {"gps": ("GPS",), "device": ("Make", "Model"), "xmp": ("XMP-",), "date": ("DateTimeOriginal",)}
DAY = 86400
TYPES = {"JPEG": "image/jpeg", "PNG": "image/png", "GIF": "image/gif", "WEBP": "image/webp"}


def parse_multipart(content_type, raw):
    """The form's text fields, and its file as (bytes, declared type)."""
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + raw)
    fields, upload = {}, None
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if part.get_filename() is not None:
            upload = (part.get_payload(decode=True), part.get_content_type())
        else:
            fields[name] = part.get_payload(decode=True).decode()
    return fields, upload


def inspect_video(data):
    """(type, width, height, metadata found, frame rate, has sound, duration in seconds) of video
    bytes, read by exiftool; None when they are no video."""
    with tempfile.NamedTemporaryFile(suffix=".video") as file:
        file.write(data)
        file.flush()
        try:
            out = subprocess.run(["exiftool", "-j", "-G1", "-a", "-n", file.name], capture_output=True, timeout=60)
            tags = json.loads(out.stdout or b"[{}]")[0]
        except (subprocess.SubprocessError, ValueError, IndexError):
            return None
    kind = tags.get("File:MIMEType")
    if kind not in VIDEO_TYPES:
        return None
    width = max([v for k, v in tags.items() if k.endswith(":ImageWidth") and isinstance(v, int)] or [0])
    height = max([v for k, v in tags.items() if k.endswith(":ImageHeight") and isinstance(v, int)] or [0])
    rate = max([v for k, v in tags.items() if k.endswith(":VideoFrameRate") and isinstance(v, (int, float))] or [0])
    sound = any(k.endswith(":AudioFormat") for k in tags)
    duration = tags.get("QuickTime:Duration") or 0  # the movie header's, in seconds with -n
    found = sorted(name for name, marks in VIDEO_METADATA.items()
                   if any(mark in key.split(":", 1)[-1] or key.split(":", 1)[0].startswith(mark)
                          for key in tags for mark in marks))
    return kind, width, height, found, rate, sound, duration


def inspect(data):
    """(type, width, height, metadata found) of image bytes; None when they are no image."""
    try:
        image = Image.open(io.BytesIO(data))
        image.load()
    except Exception:
        video = inspect_video(data)
        return video[:4] if video else None
    found = []
    exif = image.getexif()
    if len(exif):
        found.append("exif")
    if exif.get_ifd(0x8825):
        found.append("gps")
    if b"http://ns.adobe.com/xap/1.0/" in data or b"<x:xmpmeta" in data:
        found.append("xmp")
    if b"SN-123456789" in data:
        found.append("serial")
    return TYPES.get(image.format), image.width, image.height, found


def video_limits(accounts):
    """(size, frame rate, matrix) as this server takes videos: accounts.json may lower them."""
    return (accounts.get("mastodonVideoSizeLimit", VIDEO_SIZE_LIMIT),
            accounts.get("mastodonVideoFrameRateLimit", VIDEO_FRAME_RATE_LIMIT),
            accounts.get("mastodonVideoMatrixLimit", VIDEO_MATRIX_LIMIT))


def configuration(accounts):
    """GET /api/v2/instance's configuration.media_attachments (InstanceSerializer)."""
    size, rate, matrix = video_limits(accounts)
    return {"supported_mime_types": sorted(set(TYPES.values()) | VIDEO_TYPES), "image_size_limit": IMAGE_SIZE_LIMIT,
            "image_matrix_limit": MATRIX_LIMIT, "video_size_limit": size, "video_frame_rate_limit": rate,
            "video_matrix_limit": matrix, "description_limit": DESCRIPTION_LIMIT}


def forget_old_media(state, now):
    """Vacuum::MediaAttachmentsVacuum: neither a status's nor a scheduled status's, a day after upload."""
    state["media"] = [media for media in state["media"]
                      if media["status"] is not None or media.get("scheduled") or now - media["uploaded"] < DAY]


def upload_media(state, grant, host, body, now, accounts, failure):
    scopes = grant["scope"].split()
    if "write:media" not in scopes and "write" not in scopes:
        raise failure(403, "This action is outside the authorized scopes")
    upload = body.get("_file")
    if upload is None:
        raise failure(422, "Validation failed: File can't be blank")
    data, _ = upload
    found = inspect(data)
    if found is None or found[0] is None:
        raise failure(422, "Validation failed: File content type is invalid")
    kind, width, height, metadata = found
    video = inspect_video(data) if kind in VIDEO_TYPES else None
    if video:
        size, rate, matrix = video_limits(accounts)
        if len(data) > size:
            raise failure(422, "Validation failed: File file size must be less than %d MB" % (size // 1048576))
        if round(video[4]) > rate:
            raise failure(422, "%dfps videos are not supported" % round(video[4]))
        if width * height > matrix:
            raise failure(422, "%dx%d videos are not supported" % (width, height))
    elif len(data) > IMAGE_SIZE_LIMIT:
        raise failure(422, "Validation failed: File file size must be less than 16 MB")
    if width * height > MATRIX_LIMIT:
        raise failure(422, "Validation failed: File dimensions are too large")
    description = body.get("description") or ""
    if len(description) > DESCRIPTION_LIMIT:
        raise failure(422, "Validation failed: Description is too long (maximum is 1500 characters)")
    number = str(210000000000000000 + len(state["media"]) + 1)
    # A video is always processed later (delay_processing): 202, then 206 until it is done.
    processing = accounts.get("mastodonVideoProcessing", 2) if video else accounts.get("mastodonProcessing", 0)
    media = {"id": number, "host": host, "account": grant["username"], "type": kind, "size": len(data),
             "kind": ("video" if video[5] else "gifv") if video else "image", "rate": video[4] if video else None,
             # PostProcessMediaWorker gave up (one retry): processing = failed, for ever.
             "failed": bool(video) and accounts.get("mastodonProcessingFails", False),
             "sha256": hashlib.sha256(data).hexdigest(), "width": width, "height": height, "metadata": metadata,
             "description": description, "status": None, "uploaded": now, "ready": now + processing}
    state["media"].append(media)
    return (202 if processing else 200), media_json(media, now)


def media_json(media, now):
    ready = now >= media["ready"]
    url = "https://%s/system/media_attachments/%s.jpg" % (media["host"], media["id"])
    return {"id": media["id"], "type": media.get("kind", "image"), "url": url if ready else None, "preview_url": url,
            "description": media["description"] or None,
            "meta": {"original": {"width": media["width"], "height": media["height"]}}}


def show_media(state, grant, media_id, now, failure):
    for media in state["media"]:
        if media["id"] == media_id and media["account"] == grant["username"] and media["status"] is None:
            if media.get("failed") and now >= media["ready"]:
                raise failure(422, "Error processing thumbnail for uploaded media")
            return (200 if now >= media["ready"] else 206), media_json(media, now)
    raise failure(404, "Record not found")


def attach(state, grant, media_ids, now, failure):
    """The media a status names, checked as PostStatusService does; attached once the status is."""
    if len(media_ids) > MAX_ATTACHMENTS:
        raise failure(422, "Validation failed: Too many media attachments")
    chosen = []
    for media_id in media_ids:
        found = [media for media in state["media"] if media["id"] == media_id
                 and media["account"] == grant["username"] and media["status"] is None]
        if not found:
            raise failure(422, "Media with ID(s) %s could not be found" % media_id)
        if now < found[0]["ready"] or found[0].get("failed"):
            raise failure(422, "Cannot attach files that have not finished processing. Try again in a moment!")
        chosen.append(found[0])
    if len(chosen) > 1 and any(media.get("kind") in ("video", "gifv") for media in chosen):
        raise failure(422, "Cannot attach a video to a post that already contains images")
    return chosen


def upload_blob(state, session, body, now, accounts, failure):
    data, declared = body.get("_raw", b""), body.get("_type", "")
    if len(data) > accounts.get("blobLimit", 1000000):
        raise failure(413, "PayloadTooLarge", "request entity too large")
    if declared.split(";")[0].strip() == "text/vtt":
        # A video's caption: the PDS sniffs no text, and keeps the declared type (the lexicon's
        # accept and maxSize are checked when a record names it: check_embed).
        return {"blob": keep_blob(state, session["did"], data, "text/vtt", 0, 0, [], now)}
    found = inspect(data)
    if found is None or found[0] is None:
        raise failure(400, "InvalidRequest", "Not an image")
    kind, width, height, metadata = found
    if declared != kind:
        raise failure(400, "InvalidMimeType", "Declared %s, the bytes are %s" % (declared, kind))
    return {"blob": keep_blob(state, session["did"], data, kind, width, height, metadata, now)}


def keep_blob(state, did, data, kind, width, height, metadata, now):
    """The repo's blob of these bytes, stored once (the CID is their hash), as uploadBlob keeps it;
    the video service's upload to the PDS on the account's behalf keeps its video so too."""
    cid = "bafkrei" + hashlib.sha256(data).hexdigest()[:52]
    if not any(blob["cid"] == cid and blob["did"] == did for blob in state["blobs"]):
        state["blobs"].append({"cid": cid, "did": did, "type": kind, "size": len(data), "width": width,
                               "height": height, "metadata": metadata, "uploaded": now})
    return {"$type": "blob", "ref": {"$link": cid}, "mimeType": kind, "size": len(data)}


def check_captions(state, session, captions, failure):
    """app.bsky.embed.video's captions as the PDS checks them with the lexicon (at most 20, each a
    language and a text/vtt blob of at most 20,000 bytes), then each blob stored by this repo."""
    if captions is None:
        return
    invalid = "Invalid app.bsky.feed.post record: "
    if not isinstance(captions, list):
        raise failure(400, "InvalidRequest", invalid + "Record/embed/captions must be an array")
    if len(captions) > 20:
        raise failure(400, "InvalidRequest", invalid + "Record/embed/captions must not have more than 20 elements")
    for index, caption in enumerated_dicts(captions, failure, invalid):
        where = "Record/embed/captions/%d" % index
        if not isinstance(caption.get("lang"), str) or not caption["lang"]:
            raise failure(400, "InvalidRequest", invalid + where + ' must have the property "lang"')
        file = caption.get("file")
        if not isinstance(file, dict) or file.get("$type") != "blob":
            raise failure(400, "InvalidRequest", invalid + where + "/file should be a blob ref")
        if file.get("mimeType") != "text/vtt":
            raise failure(400, "InvalidRequest", invalid + 'Expected "text/vtt" (got "%s") at $.record.embed.'
                          "captions[%d].file.mimeType" % (file.get("mimeType"), index))
        if not isinstance(file.get("size"), int) or file["size"] > 20000:
            raise failure(400, "InvalidRequest", invalid + "blob too big (maximum 20000, got %s) at "
                          "$.record.embed.captions[%d].file" % (file.get("size"), index))
        cid = (file.get("ref") or {}).get("$link")
        if not any(blob["cid"] == cid and blob["did"] == session["did"] for blob in state["blobs"]):
            raise failure(400, "BlobNotFound", "Could not find blob: %s" % cid)


def enumerated_dicts(items, failure, invalid):
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            raise failure(400, "InvalidRequest", invalid + "Record/embed/captions/%d must be an object" % index)
        yield index, item


def check_embed(state, session, record, failure):
    """Every blob an images embed names must be one this repo uploaded (and not dropped); an
    external embed's thumb too, within the lexicon's accept and maxSize (docs/servers.md)."""
    embed = record.get("embed") or {}
    if embed.get("$type") == "app.bsky.embed.external":
        external = embed.get("external") or {}
        if not all(isinstance(external.get(key), str) for key in ("uri", "title", "description")):
            raise failure(400, "InvalidRequest", "Invalid app.bsky.feed.post record: Record/embed/external must "
                          "have the properties \"uri\", \"title\" and \"description\"")
        thumb = external.get("thumb")
        if thumb is None:
            return
        # The record is checked against the lexicon first (prepare.ts), its blobs then (transactor.ts).
        if not str(thumb.get("mimeType", "")).startswith("image/"):
            raise failure(400, "InvalidRequest", 'Invalid app.bsky.feed.post record: Expected "image/*" (got "%s") '
                          "at $.record.embed.external.thumb.mimeType" % thumb.get("mimeType"))
        if thumb.get("size", 0) > 1_000_000:
            raise failure(400, "InvalidRequest", "Invalid app.bsky.feed.post record: blob too big (maximum 1000000, "
                          "got %d) at $.record.embed.external.thumb" % thumb.get("size", 0))
        cid = (thumb.get("ref") or {}).get("$link")
        if not any(blob["cid"] == cid and blob["did"] == session["did"] for blob in state["blobs"]):
            raise failure(400, "BlobNotFound", "Could not find blob: %s" % cid)
        return
    if embed.get("$type") == "app.bsky.embed.video":
        video = embed.get("video") or {}
        if video.get("mimeType") != "video/mp4":
            raise failure(400, "InvalidRequest", 'Invalid app.bsky.feed.post record: Expected "video/mp4" (got "%s") '
                          "at $.record.embed.video.mimeType" % video.get("mimeType"))
        cid = (video.get("ref") or {}).get("$link")
        if not any(blob["cid"] == cid and blob["did"] == session["did"] for blob in state["blobs"]):
            raise failure(400, "BlobNotFound", "Could not find blob: %s" % cid)
        check_captions(state, session, embed.get("captions"), failure)
        return
    if embed.get("$type") != "app.bsky.embed.images":
        return
    images = embed.get("images") or []
    if not 1 <= len(images) <= 4:
        raise failure(400, "InvalidRequest", "Invalid app.bsky.embed.images: images must have 1 to 4 items")
    for image in images:
        cid = ((image.get("image") or {}).get("ref") or {}).get("$link")
        if not any(blob["cid"] == cid and blob["did"] == session["did"] for blob in state["blobs"]):
            raise failure(400, "InvalidRequest", "Could not find blob: %s" % cid)
