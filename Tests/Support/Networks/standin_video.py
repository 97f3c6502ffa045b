"""Bluesky's video service (video.bsky.app) and the PDS's com.atproto.server.getServiceAuth, as
docs/servers.md "Video (#62)" says: getServiceAuth's bounds are the PDS's own code's; the service's
code is not public, so its statuses, its texts and its processing are the stand-in's choices, as
awkward as the real one's answers are (issue #3097: uploadVideo's JobStatus at the root, the
unconfirmed-email one under "jobStatus"; the HTTP status means nothing to social-app).

Service tokens are opaque strings kept in state.json's "serviceTokens" (iss, aud, lxm, iat, exp), so
the service, in the same process, checks them as @atproto/xrpc-server's verifyJwt would: expired,
then audience, then method. Each upload that makes a job is kept as DIR/video-service/<jobId>.mp4
and listed in state.json's "videoJobs"; a job walks CREATED, ENCODING (with progress) and COMPLETED
over accounts.json "blueskyVideoProcessing" polls (2 unless given), and once completed its video is
the account's blob on the PDS (standin_media.keep_blob), as the service uploads it there with the
account's token. The stand-in does not re-encode: the blob is the uploaded bytes. accounts.json:
"blueskyVideoDailyVideos" (25), "blueskyVideoDailyBytes" (10 GB), "blueskyVideoMaxBytes"
(100,000,000), "blueskyEmailUnconfirmed", "blueskyVideoFails"."""
import hashlib, os, re, secrets

import standin_media as media

HOST = "video.bsky.app"
SERVICE_DID = "did:web:" + HOST
UPLOAD_LXM = "com.atproto.repo.uploadBlob"  # the token the service then uses on the PDS
LIMITS_LXM = "app.bsky.video.getUploadLimits"
MINUTE, HOUR, DAY = 60, 3600, 86400
DAILY_VIDEOS, DAILY_BYTES = 25, 10 * 1000 ** 3
MAX_BYTES, MAX_SECONDS = 100_000_000, 180
# isAtprotoDid / isAtprotoDidRefAbsolute: did:plc or did:web, optionally with a #service fragment.
ATPROTO_DID = re.compile(r"did:(plc|web):[A-Za-z0-9._:%-]+(#[A-Za-z0-9._~-]+)?")
CREATED, ENCODING = "JOB_STATE_CREATED", "JOB_STATE_ENCODING"
COMPLETED, FAILED = "JOB_STATE_COMPLETED", "JOB_STATE_FAILED"
METHODS = {"/xrpc/app.bsky.video.getUploadLimits": "GET", "/xrpc/app.bsky.video.uploadVideo": "POST",
           "/xrpc/app.bsky.video.getJobStatus": "GET"}


def service_auth(state, session, query, now, failure):
    """com.atproto.server.getServiceAuth (getServiceAuth.ts): the query is checked before the
    token (xrpc-server), `session` is then called for the access JWT's session."""
    aud, lxm = query.get("aud"), query.get("lxm") or None
    if aud is None:
        raise failure(400, "InvalidRequest", 'Params must have the property "aud"')
    if not re.fullmatch(r"-?[0-9]*", query.get("exp", "")):
        raise failure(400, "InvalidRequest", "exp must be an integer")
    exp = int(query.get("exp") or 0)
    did = session()["did"]
    if not ATPROTO_DID.fullmatch(aud):
        raise failure(400, "InvalidRequest", "aud must be a valid atproto DID or did#serviceId reference")
    if exp:  # 0 is no exp there too ("if (exp)")
        if exp < now:
            raise failure(400, "BadExpiration", "expiration is in past")
        if exp - now > HOUR:
            raise failure(400, "BadExpiration",
                          "cannot request a token with an expiration more than an hour in the future")
        if lxm is None and exp - now > MINUTE:
            raise failure(400, "BadExpiration",
                          "cannot request a method-less token with an expiration more than a minute in the future")
    iat = int(now)
    token = {"token": "service-" + secrets.token_urlsafe(24), "iss": did, "aud": aud, "lxm": lxm, "iat": iat,
             "exp": exp or iat + MINUTE}  # createServiceJwt's default: iat + 60 s
    state.setdefault("serviceTokens", []).append(token)
    return {"token": token["token"]}


def verify(state, authorization, aud, lxm, now, failure):
    """The service token's claims, checked in verifyJwt's order and with its error names (401)."""
    if not authorization:
        raise failure(401, "AuthRequired", "Authentication Required")
    value = authorization.removeprefix("Bearer ")
    if any(session["accessJwt"] == value for session in state["sessions"]):
        raise failure(401, "BadJwtType", 'Invalid jwt type "at+jwt"')  # an access JWT is no service token
    token = next((t for t in state.get("serviceTokens", []) if t["token"] == value), None)
    if token is None:
        raise failure(401, "BadJwt", "poorly formatted jwt")
    if now > token["exp"]:
        raise failure(401, "JwtExpired", "jwt expired")
    if token["aud"] != aud:
        raise failure(401, "BadJwtAudience", "jwt audience does not match service did")
    if token["lxm"] != lxm:
        raise failure(401, "BadJwtLexiconMethod", "bad jwt lexicon method (\"lxm\"). must match: " + lxm)
    return token


def answer(state, verb, path, query, body, authorization, now, accounts, folder, pds, failure):
    """A request to video.bsky.app."""
    if path not in METHODS:
        raise failure(501, "MethodNotImplemented", "Method Not Implemented")
    if verb != METHODS[path]:
        raise failure(400, "InvalidRequest", "Incorrect HTTP method (%s) expected %s" % (verb, METHODS[path]))
    if path.endswith(".getJobStatus"):
        return job_status(state, query, now, folder, failure)
    if path.endswith(".getUploadLimits"):
        token = verify(state, authorization, SERVICE_DID, LIMITS_LXM, now, failure)
        return limits(state, token["iss"], now, accounts)
    # uploadVideo: the token is the one the service will use on the account's PDS.
    token = verify(state, authorization, "did:web:" + pds, UPLOAD_LXM, now, failure)
    if not query.get("did"):
        raise failure(400, "InvalidRequest", 'Params must have the property "did"')
    if query["did"] != token["iss"]:
        raise failure(401, "BadJwtIss", "jwt issuer does not match the did parameter")
    return upload(state, token["iss"], query, body, now, accounts, folder, failure)


def todays_jobs(state, did, now):
    """The jobs the account started this UTC day: what its daily limits count."""
    return [job for job in state.setdefault("videoJobs", [])
            if job["did"] == did and int(job["created"] // DAY) == int(now // DAY)]


def limits(state, did, now, accounts):
    jobs = todays_jobs(state, did, now)
    videos = max(0, accounts.get("blueskyVideoDailyVideos", DAILY_VIDEOS) - len(jobs))
    size = max(0, accounts.get("blueskyVideoDailyBytes", DAILY_BYTES) - sum(job["bytes"] for job in jobs))
    made = {"canUpload": True, "remainingDailyVideos": videos, "remainingDailyBytes": size}
    # social-app's mapped texts (src/state/queries/video/video.ts), shown as the service words them.
    message = ("Confirm your email address to upload videos" if accounts.get("blueskyEmailUnconfirmed") else
               "User has exceeded daily upload videos limit" if videos == 0 else
               "User has exceeded daily upload bytes limit" if size == 0 else None)
    return (made | {"canUpload": False, "message": message}) if message else made


def upload(state, did, query, body, now, accounts, folder, failure):
    data, declared = body.get("_raw", b""), body.get("_type", "")
    if not (declared.startswith("video/") or declared == "image/gif"):
        raise failure(400, "InvalidRequest", "Wrong request encoding (Content-Type): " + declared)
    if accounts.get("blueskyEmailUnconfirmed"):  # issue #3097's shape, under "jobStatus" this once
        return 403, {"jobStatus": {"did": "", "error": "unconfirmed_email", "jobId": "", "state": ""}}
    largest = accounts.get("blueskyVideoMaxBytes", MAX_BYTES)
    if len(data) > largest:  # social-app shows `error` as it comes: a sentence, not a name
        text = "file size (%d bytes) is larger than the maximum allowed size (%d bytes)" % (len(data), largest)
        raise failure(413, text, text)
    digest = hashlib.sha256(data).hexdigest()
    first = next((job for job in state.setdefault("videoJobs", [])
                  if job["did"] == did and job["sha256"] == digest and job["state"] != FAILED), None)
    if first:  # de-duplicated: the first job, its blob once done; not counted again
        return 409, {"did": did, "error": "already_exists", "jobId": first["jobId"],
                     "message": "Video already processed", "state": first["state"]} | blob_of(first)
    left = limits(state, did, now, accounts)
    if left["remainingDailyVideos"] == 0 or left["remainingDailyBytes"] < len(data):
        text = ("User has exceeded daily upload videos limit" if left["remainingDailyVideos"] == 0
                else "User has exceeded daily upload bytes limit")
        raise failure(429, text, text)
    job_id = "".join(secrets.choice("0123456789abcdefghijklmnopqrstuv") for _ in range(20))  # an xid's look
    file = os.path.join("video-service", job_id + ".mp4")
    os.makedirs(os.path.join(folder, "video-service"), exist_ok=True)
    with open(os.path.join(folder, file), "wb") as kept:
        kept.write(data)
    video = media.inspect_video(data)
    # How the job will end, decided now from the bytes and accounts.json; shown as the polls go.
    if video is None:
        ending = {"error": "unsupported_codec", "message": "Video format is not supported",
                  "failureCode": "validation_failure"}
    elif video[6] > MAX_SECONDS:
        ending = {"error": "video_too_long", "message": "Video is too long", "failureCode": "validation_failure"}
    elif accounts.get("blueskyVideoFails"):  # atproto-website#407's words for a failed job
        ending = {"error": "video processing error for job: " + job_id, "message": "Failed to process video",
                  "failureCode": "encoding_failure"}
    else:
        ending = None
    state["videoJobs"].append({
        "jobId": job_id, "did": did, "name": query.get("name"), "type": declared, "sha256": digest,
        "bytes": len(data), "file": file, "state": CREATED, "polls": 0, "progress": None,
        "processing": accounts.get("blueskyVideoProcessing", 2), "failure": ending, "blob": None,
        "width": video[1] if video else 0, "height": video[2] if video else 0,
        "duration": video[6] if video else 0, "metadata": video[3] if video else [], "created": now})
    return {"did": did, "jobId": job_id, "state": CREATED}  # the JobStatus itself, at the root


def blob_of(job):
    return {"blob": {"$type": "blob", "ref": {"$link": job["blob"]}, "mimeType": "video/mp4",
                     "size": job["bytes"]}} if job["blob"] else {}


def job_status(state, query, now, folder, failure):
    """One poll (no auth): the job's next state, until it is COMPLETED or FAILED."""
    if not query.get("jobId"):
        raise failure(400, "InvalidRequest", 'Params must have the property "jobId"')
    job = next((job for job in state.setdefault("videoJobs", []) if job["jobId"] == query["jobId"]), None)
    if job is None:
        raise failure(404, "NotFound", "job not found")
    job["polls"] += 1
    if job["state"] in (COMPLETED, FAILED):
        pass
    elif job["polls"] <= job["processing"]:
        job["state"] = CREATED if job["polls"] == 1 else ENCODING
        job["progress"] = None if job["polls"] == 1 else 100 * (job["polls"] - 1) // job["processing"]
    elif job["failure"]:
        job["state"], job["progress"] = FAILED, None
    else:
        # The service stores its video in the account's repo (uploadBlob with the service token).
        with open(os.path.join(folder, job["file"]), "rb") as kept:
            data = kept.read()
        ref = media.keep_blob(state, job["did"], data, "video/mp4", job["width"], job["height"], job["metadata"], now)
        job["state"], job["progress"], job["blob"] = COMPLETED, None, ref["ref"]["$link"]
    status = {"jobId": job["jobId"], "did": job["did"], "state": job["state"]}
    if job["progress"] is not None:
        status["progress"] = job["progress"]
    if job["state"] == FAILED:
        status |= job["failure"]
    return {"jobStatus": status | blob_of(job)}
