@testable import ComposeWindowCore

/// The networks' side of the explorer's world: each answer (or fault) to the request on its way, as
/// the model of that network gives it, handed to the posting session as compose-window hands it.
extension PostingWorld {

    mutating func answer(_ event: Event) {
        guard let inFlight, let index = networkIndex(inFlight) else { return }
        self.inFlight = nil
        switch event {
        case .expiredRefreshLost: _ = session?.refreshed(inFlight.index, .noAnswer(.timeout), now: now)
        case .expiredRefreshRefused:
            networks[index].revoked.insert(inFlight.account)  // the session is over until signing in
            _ = session?.refreshed(inFlight.index, .refused, now: now)
        default:
            let result = respond(event, to: inFlight, network: index)
            session?.received(inFlight.index, result, now: now)
        }
        outbox = Self.readBack(session?.plan)
        _ = drive()
        // A server keeps the post now: the window closes, as at a Send that scheduled it.
        if self.inFlight == nil { scheduledWindowCloses() }
    }

    private mutating func respond(_ event: Event, to inFlight: InFlight, network index: Int)
        -> Result<APIAnswer, PostingPlan.NoAnswer>
    {
        let post = networks[index].post(of: inFlight.request, account: inFlight.account, text: inFlight.text, now: now)
        let upload = networks[index].upload(of: inFlight.request, account: inFlight.account, now: now)
        /// The request reached the server and did its work (stored the post, or the upload).
        func stored() { serverDoes(inFlight, network: index) }
        func refusal(_ status: Int, _ words: String) -> Result<APIAnswer, PostingPlan.NoAnswer> {
            .success(APIAnswer(status: status, json: .object([.init("error", .string(words))])))
        }
        switch event {
        case .answer:
            // The video service reads its own tokens (or none): a session revoked at the PDS is not its business.
            if networks[index].revoked.contains(inFlight.account), inFlight.request.host != ModelNetwork.videoService {
                return refusal(401, "The access token was revoked")
            }
            if let refused = networks[index].forbidden(inFlight.request) { return .success(refused) }
            if let served = networks[index].videoService(inFlight.request, account: inFlight.account, now: now) {
                return .success(served)
            }
            if let upload {
                networks[index].store(upload)
                networks[index].told(upload)
                return .success(networks[index].uploadAnswer(for: upload))
            }
            if let post, let time = ModelNetwork.scheduledTime(of: inFlight.request) {
                return .success(networks[index].schedule(post, at: time, now: now))
            }
            if inFlight.request.method == .put {
                return .success(networks[index].move(inFlight.request, account: inFlight.account, now: now))
            }
            guard let post else {
                if let checked = networks[index].checkVideo(inFlight.request, account: inFlight.account) {
                    return .success(checked)
                }
                let answer = networks[index].lookUp(inFlight.request, account: inFlight.account)
                networks[index].withdraw(inFlight.request, account: inFlight.account)
                return .success(answer)
            }
            switch networks[index].store(post, now: now) {
            case .scheduledKey: return refusal(404, "Record not found")
            case .unprocessedMedia:
                return refusal(422, "Cannot attach files that have not finished processing. Try again in a moment!")
            case .missingParent: return refusal(404, "The post you are trying to reply to does not appear to exist.")
            case .missingMedia where networks[index].network == .mastodon:
                return refusal(422, "Media with ID(s) could not be found")
            case .missingMedia:
                return .success(
                    APIAnswer(
                        status: 400,
                        json: .object([
                            .init("error", .string("InvalidRequest")),
                            .init("message", .string("Could not find blob")),
                        ])))
            case .stored: return .success(networks[index].answer(for: post))
            case .earlier where networks[index].repeatFails:
                let status = ModelNetwork.repeats["POST /api/v1/statuses (4.6.0–4.7.x)"]?.status ?? 500
                return .success(
                    APIAnswer(status: status, json: .object([.init("error", .string("Internal Server Error"))])))
            case .earlier(let first): return .success(networks[index].answer(for: first))
            case .busy: return refusal(503, "There was a temporary problem serving your request, please try again")
            case .exists:
                // The record key taken: the PDS's MST throws a plain Error, answered 500.
                return .success(
                    APIAnswer(
                        status: ModelNetwork.repeats[ModelNetwork.route(inFlight.request)]?.status ?? 0,
                        json: .object([
                            .init("error", .string("InternalServerError")),
                            .init("message", .string("Internal Server Error")),
                        ])))
            }
        case .unauthorized:
            if inFlight.request.host != ModelNetwork.videoService { networks[index].revoked.insert(inFlight.account) }
            return refusal(401, "The access token was revoked")
        case .forbidden where inFlight.request.method == .get:
            // A look-up's 403 is Doorkeeper's: a token without read:statuses (docs/servers.md).
            return refusal(403, "This action is outside the authorized scopes")
        case .forbidden: return refusal(403, "This action is not allowed")
        case .notFound:
            networks[index].forget(inFlight.request, failed: false)  // what the app is told, it acts on
            return refusal(404, "Record not found")
        case .refused:
            networks[index].forget(inFlight.request, failed: true)
            return refusal(422, "Validation failed: Text character limit of 500 exceeded")
        case .rateLimited: return .success(APIAnswer(status: 429, retryAfter: "30", json: nil))
        case .serverErrorBefore: return refusal(500, "internal")
        case .serverErrorAfter:
            stored()
            return refusal(500, "internal")
        case .notSent:
            // Without a network the name does not resolve; with one, the server refused.
            return .failure(.init(requestWasSent: false, reason: online ? .connectionRefused : .nameNotResolved))
        case .cutBeforeStore: return .failure(.init(requestWasSent: true, reason: .connectionReset))
        case .cutAfterStore:
            stored()
            return .failure(.init(requestWasSent: true, reason: .connectionReset))
        case .slow
        where ModelNetwork.scheduledTime(of: inFlight.request) != nil || inFlight.request.method == .delete
            || inFlight.request.method == .put:
            // Kept at once: the app waits longer than the server works before asking after it.
            stored()
            return .failure(.init(requestWasSent: true, reason: .timeout))
        case .slow:
            if let post { _ = networks[index].startSlowly(post, now: now) }
            if let upload { networks[index].store(upload) }
            startsAJob(inFlight, network: index)
            return .failure(.init(requestWasSent: true, reason: .timeout))
        case .expiredRefreshLost, .expiredRefreshRefused:
            return .failure(.init(requestWasSent: false, reason: .timeout))  // answered by `answer`
        }
    }

    /// The request reached the server and did its work: the post stored or scheduled, the upload
    /// kept, the scheduled status deleted.
    mutating func serverDoes(_ inFlight: InFlight, network index: Int) {
        let request = inFlight.request
        if let post = networks[index].post(of: request, account: inFlight.account, text: inFlight.text, now: now) {
            if let time = ModelNetwork.scheduledTime(of: request) {
                _ = networks[index].schedule(post, at: time, now: now)
            } else {
                _ = networks[index].store(post, now: now)
            }
        }
        if let upload = networks[index].upload(of: request, account: inFlight.account, now: now) {
            networks[index].store(upload)
        }
        startsAJob(inFlight, network: index)
        networks[index].withdraw(request, account: inFlight.account)
        if request.method == .put { _ = networks[index].move(request, account: inFlight.account, now: now) }
    }

    /// An upload to the video service that arrived makes (or finds) its job, answered or not.
    private mutating func startsAJob(_ inFlight: InFlight, network index: Int) {
        guard inFlight.request.host == ModelNetwork.videoService, inFlight.request.path.hasSuffix("uploadVideo") else {
            return
        }
        networks[index].startJob(inFlight.request, account: inFlight.account, now: now)
    }
}
