import CComposeWindowSecret
import ComposeWindowPostingGlue
import Foundation

// AccountSecrets from another process, on whatever session bus it was started on (the XCTest
// process keeps the bus GIO first gave it). Secrets come on standard input, never as arguments:
//   compose-window-keyring-probe store|lookup|remove NETWORK ACCOUNT
// store: stores standard input; lookup: prints "same", "different" or "none" against standard
// input; remove: removes. Exit 0, or 3 with libsecret's reason on standard error.
let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(
        Data("usage: compose-window-keyring-probe store|lookup|remove NETWORK ACCOUNT\n".utf8))
    exit(2)
}
let (network, account) = (arguments[2], arguments[3])
let input = readLine(strippingNewline: true) ?? ""
let loop = g_main_loop_new(nil, 0)!
var exitStatus: Int32 = 0
@MainActor func done<Value>(_ result: Result<Value, AccountSecrets.Failure>, _ success: (Value) -> Void) {
    switch result {
    case .success(let value): success(value)
    case .failure(let failure):
        FileHandle.standardError.write(Data("\(failure)\n".utf8))
        exitStatus = 3
    }
    g_main_loop_quit(loop)
}
switch arguments[1] {
case "store":
    AccountSecrets.store(input, network: network, account: account, label: "probe \(account)") { done($0) { _ in } }
case "lookup":
    AccountSecrets.lookup(network: network, account: account) { result in
        done(result) { found in print(found == nil ? "none" : found == input ? "same" : "different") }
    }
case "remove": AccountSecrets.remove(network: network, account: account) { done($0) { _ in } }
default: exit(2)
}
g_main_loop_run(loop)
exit(exitStatus)
