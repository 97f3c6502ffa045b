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
do {
    switch arguments[1] {
    case "store": try AccountSecrets.store(input, network: network, account: account, label: "probe \(account)")
    case "lookup":
        let found = try AccountSecrets.lookup(network: network, account: account)
        print(found == nil ? "none" : found == input ? "same" : "different")
    case "remove": try AccountSecrets.remove(network: network, account: account)
    default: exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(3)
}
